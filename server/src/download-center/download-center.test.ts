import {
  deleteDownloadFile,
  downloadCenterFile,
  downloadCenterFiles,
  ErrorCode,
  fillPath,
  publishDownloadFile,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { firmwareForm } from '../test/fixtures/firmware.factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.deps, (await buildUser(t.deps, { kind: 'platform_admin' })).id);
});

const PDF_BYTES = Buffer.from('%PDF-1.4\n% a small manual\n%%EOF\n');

function publish(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string } | null,
  token = adminToken,
) {
  const form = firmwareForm(fields, file);
  return callEndpointLoosely(t.app, publishDownloadFile, {
    token,
    body: form.payload,
    headers: form.headers,
  });
}

const manualFields = (title: string) => ({
  title,
  category: 'manual',
  language: 'en',
  version: 'V2.1',
});

describe('download centre', () => {
  it('publishes a file that anyone lists, finds by its words and downloads whole', async () => {
    const title = `Inverter manual ${Date.now()}`;
    const published = await publish(manualFields(title), { bytes: PDF_BYTES, name: 'manual.pdf' });
    expect(published.code, published.msg).toBe(ErrorCode.ok);
    expect(published.data).toMatchObject({ title, category: 'manual', size: PDF_BYTES.length });

    const found = await endpointData(t.app, downloadCenterFiles, {
      query: { keyword: title.slice(-10), category: 'manual' },
    });
    expect(found.infos.map((file) => file.id)).toEqual([published.data.id]);
    const otherCategory = await endpointData(t.app, downloadCenterFiles, {
      query: { keyword: title, category: 'app' },
    });
    expect(otherCategory.total).toBe(0);

    // The file itself, not an envelope: raw bytes, so injected without the envelope helper.
    const download = await t.app.inject({
      method: downloadCenterFile.method,
      url: fillPath(downloadCenterFile.path, { id: published.data.id }),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(download.headers['content-disposition']).toContain('manual.pdf');
  });

  it('withdraws a file: the list and the download forget it (5100 after)', async () => {
    const published = await publish(manualFields('Datasheet to withdraw'), {
      bytes: PDF_BYTES,
      name: 'sheet.pdf',
    });
    const params = { id: published.data.id };
    expect(
      (await callEndpoint(t.app, deleteDownloadFile, { token: adminToken, params })).code,
    ).toBe(ErrorCode.ok);
    const again = await callEndpoint(t.app, deleteDownloadFile, { token: adminToken, params });
    expect(again.code).toBe(ErrorCode.downloadFileNotFound);
    const download = await callEndpoint(t.app, downloadCenterFile, { params });
    expect(download.code).toBe(ErrorCode.downloadFileNotFound);
  });

  it('lets only the platform administrator publish and withdraw (2)', async () => {
    const company = await buildCompanyWithStaff(t.deps);
    const refused = await publish(
      manualFields('Not mine to publish'),
      { bytes: PDF_BYTES, name: 'a.pdf' },
      company.adminToken,
    );
    expect(refused.code).toBe(ErrorCode.noPermission);
    const withdraw = await callEndpoint(t.app, deleteDownloadFile, {
      token: company.adminToken,
      params: { id: 1 },
    });
    expect(withdraw.code).toBe(ErrorCode.noPermission);
  });

  it('refuses bad fields, a missing or foreign file type and bad search input (4)', async () => {
    const file = { bytes: PDF_BYTES, name: 'manual.pdf' };
    const noTitle = await publish({ ...manualFields(''), title: '' }, file);
    expect(noTitle.code).toBe(ErrorCode.validation);
    const badCategory = await publish({ ...manualFields('X'), category: 'movies' }, file);
    expect(badCategory.code).toBe(ErrorCode.validation);
    const script = await publish(manualFields('Script'), { bytes: PDF_BYTES, name: 'run.sh' });
    expect(script.code).toBe(ErrorCode.validation);
    const noFile = await publish(manualFields('Nothing'), null);
    expect(noFile.code).toBe(ErrorCode.validation);
    const badQuery = await callEndpointLoosely(t.app, downloadCenterFiles, {
      query: { language: 'klingon' },
    });
    expect(badQuery.code).toBe(ErrorCode.validation);
  });
});
