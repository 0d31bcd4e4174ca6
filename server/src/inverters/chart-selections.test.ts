import { ErrorCode, saveChartSelection, savedChartSelection } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

/** A staff member who may view inverters, with a token. */
async function viewer() {
  const { staffToken } = await buildCompanyWithStaff(t.deps, ['inverter.view']);
  return staffToken;
}

const save = (token: string, body: { chart?: 'custom' | 'series'; params: string[] }) =>
  callEndpoint(t.app, saveChartSelection, { token, body });

describe('GET and POST /api/v1/chart/param/custom', () => {
  it('answers 401 without a token', async () => {
    const res = await callEndpoint(t.app, savedChartSelection);
    expect(res.status).toBe(401);
  });

  it('answers code 2 without inverter.view', async () => {
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect((await save(staffToken, { params: ['pac_w'] })).code).toBe(ErrorCode.noPermission);
  });

  it('refuses a seventh parameter on the custom chart', async () => {
    const params = ['pac_w', 'pv1_v', 'pv2_v', 'pv3_v', 'pv4_v', 'pv5_v', 'pv6_v'];
    const res = await save(await viewer(), { params });
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.raw.json<{ data: { fields: unknown[] } }>().data.fields).toEqual([
      { field: 'params', message: expect.any(String) as string },
    ]);
  });

  it('refuses a third unit and an unknown parameter', async () => {
    const token = await viewer();
    expect((await save(token, { params: ['pac_w', 'pv1_v', 'pv1_i'] })).code).toBe(
      ErrorCode.validation,
    );
    expect((await save(token, { params: ['no_such_w'] })).code).toBe(ErrorCode.validation);
    expect((await save(token, { params: [] })).code).toBe(ErrorCode.validation);
  });

  it('refuses an unknown chart', async () => {
    const res = await callEndpointLoosely(t.app, saveChartSelection, {
      token: await viewer(),
      body: { chart: 'pie', params: ['pac_w'] },
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('answers an empty selection before the first choice', async () => {
    const res = await callEndpoint(t.app, savedChartSelection, { token: await viewer() });
    expect(res.data).toEqual({ chart: 'custom', params: [] });
  });

  it("keeps each chart's selection for its user alone, the last one winning", async () => {
    const token = await viewer();
    const other = await viewer();
    await save(token, { params: ['pac_w'] });
    expect((await save(token, { params: ['pac_w', 'pv1_v'] })).data).toEqual({
      chart: 'custom',
      params: ['pac_w', 'pv1_v'],
    });
    const series = Array.from({ length: 8 }, (_, index) => `pv${index + 1}_v`);
    expect((await save(token, { chart: 'series', params: series })).code).toBe(ErrorCode.ok);

    const read = (who: string, chart: 'custom' | 'series') =>
      callEndpoint(t.app, savedChartSelection, { token: who, query: { chart } });
    expect((await read(token, 'custom')).data.params).toEqual(['pac_w', 'pv1_v']);
    expect((await read(token, 'series')).data.params).toEqual(series);
    expect((await read(other, 'custom')).data.params).toEqual([]);
  });
});
