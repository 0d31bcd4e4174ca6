import {
  checkCompanyName,
  ErrorCode,
  getCompany,
  updateCompany,
  uploadCompanyIcon,
  uploadCompanyLogo,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../test/fixtures/uploads.factories.js';
import { buildStaffWith } from '../test/fixtures/companies.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function companyRow(id: number) {
  return t.deps.db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('GET /api/v1/company', () => {
  it('answers 401 without a token', async () => {
    const res = await callEndpoint(t.app, getCompany);
    expect(res.status).toBe(401);
  });

  it('answers code 2 for staff without company.info', async () => {
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['station.view']);
    const res = await callEndpoint(t.app, getCompany, { token: staffToken });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it("answers the caller's own company", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const staff = await buildStaffWith(t.deps, company.id, ['company.info']);
    for (const token of [adminToken, staff.token]) {
      const res = await callEndpoint(t.app, getCompany, { token });
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ id: company.id, name: company.name, logoUrl: null });
    }
  });

  it('answers code 2 to a platform administrator, who has no company', async () => {
    const admin = await buildUser(t.deps, { kind: 'platform_admin' });
    const token = await tokenFor(t.deps, admin.id);
    expect((await callEndpoint(t.app, getCompany, { token })).code).toBe(ErrorCode.noPermission);
  });
});

describe('POST /api/v1/company', () => {
  it('answers code 2 for staff holding company.info without company.info.edit', async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const staff = await buildStaffWith(t.deps, company.id, ['company.info']);
    const res = await callEndpoint(t.app, updateCompany, {
      token: staff.token,
      body: { address: 'Elsewhere 1' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect((await companyRow(company.id)).address).toBeNull();
  });

  it('answers code 4 for a bad colour, phone or unknown field', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    for (const payload of [{ themeColor: 'red' }, { phone: 'abc' }, { isAdmin: true }]) {
      const res = await callEndpoint(t.app, updateCompany, { token: adminToken, body: payload });
      expect(res.code).toBe(ErrorCode.validation);
    }
  });

  it('answers 203 when another company has the name, in any case', async () => {
    const other = await buildCompany(t.deps);
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, updateCompany, {
      token: adminToken,
      body: { name: other.name.toUpperCase() },
    });
    expect(res.code).toBe(ErrorCode.duplicateCompanyName);
    expect((await companyRow(company.id)).name).toBe(company.name);
  });

  it('updates name, address, phone and theme colour, form-encoded', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const name = `Renamed ${company.id}`;
    const res = await callEndpointLoosely(t.app, updateCompany, {
      token: adminToken,
      body: new URLSearchParams({
        name,
        address: 'Solar street 1',
        phone: '+49 30 1234',
        themeColor: '#E85C0B',
      }).toString(),
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name, address: 'Solar street 1', themeColor: '#E85C0B' });
    const cleared = await callEndpoint(t.app, updateCompany, {
      token: adminToken,
      body: { address: '', name },
    });
    expect(cleared.code).toBe(0);
    expect(cleared.data.address).toBeNull();
  });
});

describe.each(['logo', 'icon'] as const)('POST /api/v1/company/%s', (kind) => {
  const endpoint = kind === 'logo' ? uploadCompanyLogo : uploadCompanyIcon;
  const upload = (
    token: string | undefined,
    file: { payload: unknown; headers?: Record<string, string> },
  ) =>
    callEndpointLoosely(t.app, endpoint, {
      ...(token ? { token } : {}),
      body: file.payload,
      ...(file.headers ? { headers: file.headers } : {}),
    });

  it('answers 401 without a token and 2 without company.info.edit', async () => {
    const file = multipartFile(PNG_BYTES, 'a.png', 'image/png');
    expect((await upload(undefined, file)).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['company.info']);
    const res = await upload(staffToken, file);
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('answers code 4 for a non-picture, a disguised file, an oversized picture or no multipart', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const oversized = Buffer.concat([PNG_BYTES, Buffer.alloc(3 * 1024 * 1024)]);
    const bodies = [
      multipartFile(Buffer.from('just text'), 'a.png', 'image/png'),
      multipartFile(Buffer.from('GIF89a\x01\x00\x01\x00'), 'a.jpg', 'image/jpeg'),
      multipartFile(oversized, 'big.png', 'image/png'),
      { payload: { file: 'x' } },
    ];
    for (const body of bodies) {
      const res = await upload(adminToken, body);
      expect(res.code).toBe(ErrorCode.validation);
    }
    const row = await companyRow(company.id);
    expect(row.logo_url ?? row.icon_url).toBeNull();
  });

  it('stores PNG and JPEG pictures and serves them read-only', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const png = await upload(adminToken, multipartFile(PNG_BYTES, 'logo.png', 'image/png'));
    expect(png.code).toBe(0);
    expect(png.data.url).toMatch(/^\/uploads\/company\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: png.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

    const jpeg = await upload(adminToken, multipartFile(JPEG_BYTES, 'logo.jpeg', 'image/jpeg'));
    expect(jpeg.data.url).toMatch(/\.jpg$/);
    const row = await companyRow(company.id);
    expect(kind === 'logo' ? row.logo_url : row.icon_url).toBe(jpeg.data.url);
    // The replaced picture is removed.
    expect((await t.app.inject({ method: 'GET', url: png.data.url })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: jpeg.data.url, payload: 'x' });
    expect(put.statusCode).toBe(404);
  });
});

describe('GET /api/v1/company/check', () => {
  it('answers 203 when another company has the name, 0 for a free name or its own', async () => {
    const other = await buildCompany(t.deps);
    const { company, adminToken, staffToken } = await buildCompanyWithStaff(t.deps);
    const check = (name: string, token = adminToken) =>
      callEndpoint(t.app, checkCompanyName, { token, query: { name } });
    expect((await check(other.name.toLowerCase())).code).toBe(ErrorCode.duplicateCompanyName);
    expect((await check(company.name)).code).toBe(0);
    expect((await check('Unused company name')).code).toBe(0);
    expect((await check('')).code).toBe(ErrorCode.validation);
    expect((await check('x', staffToken)).code).toBe(ErrorCode.noPermission);
  });
});
