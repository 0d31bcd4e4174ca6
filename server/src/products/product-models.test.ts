import {
  checkProductModelCode,
  createProductModel,
  ErrorCode,
  listProductModels,
  setProductModelEnabled,
  updateProductModel,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import {
  buildPlatformAdminContext,
  expectAudited,
  expectOneOfParallelAdds,
  type PlatformAdminContext,
  uniqueSuffix,
} from '../test/platform-admin.js';

let ctx: PlatformAdminContext;

beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
});

/** A model code no other test uses (upper-case, as the server stores it). */
function freshCode(): string {
  return `T${uniqueSuffix()}`.toUpperCase();
}

function create(modelCode: string, extra: Record<string, unknown> = {}) {
  return callEndpoint(ctx.t.app, createProductModel, {
    token: ctx.platformToken,
    body: { kind: 'battery', modelCode, name: 'Test battery', ...extra },
  });
}

describe('product models', () => {
  it('refuses a company administrator every call with code 2', async () => {
    const calls = [
      callEndpoint(ctx.t.app, listProductModels, { token: ctx.adminToken }),
      callEndpoint(ctx.t.app, checkProductModelCode, {
        token: ctx.adminToken,
        query: { kind: 'inverter', modelCode: 'X' },
      }),
      callEndpoint(ctx.t.app, createProductModel, {
        token: ctx.adminToken,
        body: { kind: 'inverter', modelCode: freshCode(), name: 'Refused' },
      }),
      callEndpoint(ctx.t.app, updateProductModel, {
        token: ctx.adminToken,
        params: { id: 1 },
        body: { name: 'Refused' },
      }),
      callEndpoint(ctx.t.app, setProductModelEnabled, {
        token: ctx.adminToken,
        params: { id: 1 },
        body: { enabled: false },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('starts from the built-in inverter models', async () => {
    const list = await endpointData(ctx.t.app, listProductModels, {
      token: ctx.platformToken,
      query: { kind: 'inverter', keyword: 'LT-10K' },
    });
    expect(list.infos).toEqual([
      expect.objectContaining({ modelCode: '0503', name: 'LT-10K F2', ratedPowerW: 10_000 }),
    ]);
    const check = await callEndpoint(ctx.t.app, checkProductModelCode, {
      token: ctx.platformToken,
      query: { kind: 'inverter', modelCode: '0503' },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
  });

  it('adds a model; the check and a second add of the code in any case answer 5000', async () => {
    const code = freshCode();
    const free = await callEndpoint(ctx.t.app, checkProductModelCode, {
      token: ctx.platformToken,
      query: { kind: 'battery', modelCode: code },
    });
    expect(free.code).toBe(ErrorCode.ok);
    const created = await create(code.toLowerCase(), {
      vendor: 'Acme',
      ratedPowerW: 5000,
      hardwarePartNumber: 'HW-7',
    });
    expect(created.data).toMatchObject({
      kind: 'battery',
      modelCode: code,
      vendor: 'Acme',
      ratedPowerW: 5000,
      hardwarePartNumber: 'HW-7',
      isEnabled: true,
    });
    const check = await callEndpoint(ctx.t.app, checkProductModelCode, {
      token: ctx.platformToken,
      query: { kind: 'battery', modelCode: code.toLowerCase() },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
    expect((await create(code)).code).toBe(ErrorCode.codeExists);
    const otherKind = await callEndpoint(ctx.t.app, createProductModel, {
      token: ctx.platformToken,
      body: { kind: 'meter', modelCode: code, name: 'Meter' },
    });
    expect(otherKind.code).toBe(ErrorCode.ok);
  });

  it('answers 5000 to all but one of 50 parallel adds of one code', async () => {
    const code = freshCode();
    await expectOneOfParallelAdds(() => create(code));
  });

  it('answers bad input with the validation code', async () => {
    const bodies = [
      { kind: 'battery', modelCode: 'no spaces', name: 'X' },
      { kind: 'toaster', modelCode: freshCode(), name: 'X' },
      { kind: 'battery', modelCode: freshCode(), name: '' },
      { kind: 'battery', modelCode: freshCode(), name: 'X', ratedPowerW: -1 },
      { kind: 'battery', modelCode: freshCode(), name: 'X', ratedPowerW: 1.5 },
      { kind: 'battery', modelCode: freshCode(), name: 'X', hardwarePartNumber: 'x'.repeat(41) },
      { kind: 'battery', modelCode: freshCode(), name: 'X', extra: true },
    ];
    for (const body of bodies) {
      const res = await callEndpointLoosely(ctx.t.app, createProductModel, {
        token: ctx.platformToken,
        body,
      });
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.validation);
    }
  });

  it('edits, disables and enables a model, filters by state, and audits each change', async () => {
    const code = freshCode();
    const model = await endpointData(ctx.t.app, createProductModel, {
      token: ctx.platformToken,
      body: { kind: 'battery', modelCode: code, name: 'Pack' },
    });
    const edited = await endpointData(ctx.t.app, updateProductModel, {
      token: ctx.platformToken,
      params: { id: model.id },
      body: { name: 'Pack 2', vendor: 'Acme', ratedPowerW: 2500, hardwarePartNumber: 'P-2' },
    });
    expect(edited).toMatchObject({ modelCode: code, name: 'Pack 2', ratedPowerW: 2500 });
    await endpointData(ctx.t.app, setProductModelEnabled, {
      token: ctx.platformToken,
      params: { id: model.id },
      body: { enabled: false },
    });
    const disabled = await endpointData(ctx.t.app, listProductModels, {
      token: ctx.platformToken,
      query: { keyword: code, enabled: false },
    });
    expect(disabled.infos.map((row) => row.id)).toEqual([model.id]);
    const enabledOnly = await endpointData(ctx.t.app, listProductModels, {
      token: ctx.platformToken,
      query: { keyword: code, enabled: true },
    });
    expect(enabledOnly.total).toBe(0);

    await expectAudited(ctx, `product model ${model.id} battery/${code}`, [
      'product.created',
      'product.updated',
      'product.disabled',
    ]);
  });

  it('answers code 2 for an unknown model', async () => {
    const res = await callEndpoint(ctx.t.app, setProductModelEnabled, {
      token: ctx.platformToken,
      params: { id: 2_000_000_000 },
      body: { enabled: true },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});
