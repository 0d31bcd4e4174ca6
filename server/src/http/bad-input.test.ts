import {
  type Endpoint,
  ErrorCode,
  fillPath,
  PLATFORM_ONLY_PERMISSIONS,
  type UploadRule,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessFixture, buildAccessFixture } from '../test/access-cases.js';
import { CONTRACT_ENDPOINTS } from '../test/contract-endpoints.js';
import { buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, call, type TestApp } from '../test/test-app.js';
import { multipartFile, PNG_BYTES } from '../test/fixtures/uploads.factories.js';

/** The inputs that once answered HTTP 500; each now answers code 4 in the envelope. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
let fixture: AccessFixture;
let adminToken: string;
let platformAdminToken: string;

beforeAll(async () => {
  fixture = await buildAccessFixture(t.deps);
  adminToken = await tokenFor(t.deps, fixture.adminId);
  platformAdminToken = await tokenFor(
    t.deps,
    (await buildUser(t.deps, { kind: 'platform_admin' })).id,
  );
});

/** The company administrator, or the platform's for a platform-only endpoint. */
const uploaderToken = (endpoint: Endpoint) =>
  endpoint.access.kind === 'permission' &&
  PLATFORM_ONLY_PERMISSIONS.includes(endpoint.access.permission)
    ? platformAdminToken
    : adminToken;

/** The first built-in inverter model, seeded with every database. */
const BUILT_IN_PRODUCT_ID = 1;

type UploadEndpoint = Endpoint & { upload: UploadRule };
// From the contract: the cases are declared before `beforeAll` builds the app (the access-control
// test proves the app registers exactly the contract's endpoints).
const uploadEndpoints = CONTRACT_ENDPOINTS.filter(
  (endpoint): endpoint is UploadEndpoint => endpoint.upload !== undefined,
);

/** A file name and type the endpoint's rule accepts (a PNG where pictures are taken). */
function acceptedFile(rule: UploadRule): { name: string; type: string } {
  if ('image/png' in rule.types) return { name: 'a.png', type: 'image/png' };
  const [type = '', extensions = []] = Object.entries(rule.types)[0] ?? [];
  return { name: `a.${extensions[0] ?? 'bin'}`, type };
}

/** The fixture object an upload path's `:id` names: the admin, a brand, a product, a work order or the plant. */
function uploadTargetId(path: string): number {
  if (path.includes('/products/')) return BUILT_IN_PRODUCT_ID;
  if (path.includes('/work-orders/')) return fixture.workOrderId;
  if (path.includes('/user/')) return fixture.adminId;
  return path.includes('/brands/') ? fixture.brandId : fixture.plantId;
}

const uploadUrl = (endpoint: Endpoint) =>
  fillPath(endpoint.path, { id: uploadTargetId(endpoint.path) });

const fieldMessages = (data: unknown) =>
  (data as { fields: { field: string; message: string }[] }).fields;

it('finds the eleven upload routes', () => {
  expect(uploadEndpoints.map((endpoint) => endpoint.path).sort()).toEqual([
    '/api/v1/brands/:id/favicon',
    '/api/v1/brands/:id/logo',
    '/api/v1/company/icon',
    '/api/v1/company/logo',
    '/api/v1/download-center',
    '/api/v1/firmware',
    '/api/v1/gateways/import',
    '/api/v1/management/products/:id/image',
    '/api/v1/plant/:id/thumbnail',
    '/api/v1/user/:id/avatar',
    '/api/v1/work-orders/:id/photos',
  ]);
});

it('describes each upload rule on the OpenAPI page', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, { post?: { description?: string } }>;
  }>();
  expect(document.paths['/api/v1/user/{id}/avatar']?.post?.description).toBe(
    'multipart/form-data, file field `file`: image/jpeg or image/png (checked by content), at most 6 MB',
  );
  expect(document.paths['/api/v1/company/logo']?.post?.description).toContain('at most 3 MB');
});

describe.each(uploadEndpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
  'POST %s',
  (_path, endpoint) => {
    const post = (payload: string | Buffer, contentType: string) =>
      call(t.app, {
        method: 'POST',
        url: uploadUrl(endpoint),
        token: uploaderToken(endpoint),
        payload,
        headers: { 'content-type': contentType },
      });

    it('answers code 4 for a multipart body without a boundary', async () => {
      const res = await post('--x\r\n', 'multipart/form-data');
      expect(res.status).toBe(200);
      expect(res.code).toBe(ErrorCode.validation);
      expect(fieldMessages(res.data)).toEqual([
        { field: endpoint.upload.field, message: 'validation.multipart' },
      ]);
    });

    it('answers code 4 for a truncated multipart body', async () => {
      const file = acceptedFile(endpoint.upload);
      const whole = multipartFile(PNG_BYTES, file.name, file.type, endpoint.upload.field);
      const contentType = whole.headers['content-type'] ?? '';
      const res = await post(whole.payload.subarray(0, whole.payload.length - 30), contentType);
      expect(res.code).toBe(ErrorCode.validation);
      expect(fieldMessages(res.data)[0]?.message).toBe('validation.multipart');
    });

    it('answers code 4 when the file comes under another field name', async () => {
      const upload = multipartFile(PNG_BYTES, 'a.png', 'image/png', 'picture');
      const res = await post(upload.payload, upload.headers['content-type'] ?? '');
      expect(fieldMessages(res.data)).toEqual([
        { field: endpoint.upload.field, message: 'validation.required' },
      ]);
    });

    it("holds the contract's size limit: the limit is accepted, one byte more is refused", async () => {
      const padded = (size: number) =>
        Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)]);
      const file = acceptedFile(endpoint.upload);
      const atLimit = multipartFile(padded(endpoint.upload.maxBytes), file.name, file.type);
      const accepted = await post(atLimit.payload, atLimit.headers['content-type'] ?? '');
      if ('image/png' in endpoint.upload.types) {
        expect(accepted.code, accepted.msg).toBe(ErrorCode.ok);
      } else {
        // Not a picture (a spreadsheet import, a firmware image without its fields): refused
        // for its content or fields, not its size.
        expect(accepted.msg).not.toContain('at most');
        expect(accepted.data).not.toEqual({
          fields: [{ field: endpoint.upload.field, message: 'validation.maxLength' }],
        });
      }
      const over = multipartFile(padded(endpoint.upload.maxBytes + 1), file.name, file.type);
      const refused = await post(over.payload, over.headers['content-type'] ?? '');
      expect(fieldMessages(refused.data)[0]?.message).toBe('validation.maxLength');
    });
  },
);

describe('a NUL character in text', () => {
  it('answers code 4 naming the field on /oauth/token, without signing in', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/oauth/token',
      payload: 'grant_type=password&username=a%00b%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.data).toEqual({
      fields: [{ field: 'username', message: 'validation.nulCharacter' }],
    });
    expect(res.msg).toBe('Parameters validation error');
  });

  it('answers code 4 in a query, in a nested JSON body and in a path parameter', async () => {
    const query = await call(t.app, {
      method: 'GET',
      url: '/api/v1/company/check?name=a%00b',
      token: adminToken,
    });
    expect(query.data).toEqual({ fields: [{ field: 'name', message: 'validation.nulCharacter' }] });
    const nested = await call(t.app, {
      method: 'POST',
      url: `/api/v1/plant/${fixture.plantId}/contacts`,
      token: adminToken,
      payload: { contacts: [{ name: 'a\u0000', phone: '1' }] },
    });
    expect(nested.data).toEqual({
      fields: [{ field: 'contacts.0.name', message: 'validation.nulCharacter' }],
    });
    const path = await call(t.app, { method: 'GET', url: '/api/v1/plant/1%00', token: adminToken });
    expect(path.code).toBe(ErrorCode.validation);
  });
});

describe('framework refusals answer in the envelope', () => {
  it('answers OPTIONS, which no route takes, with HTTP 404, an invalid token or not', async () => {
    const res = await call(t.app, {
      method: 'OPTIONS',
      url: '/api/v1/user',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.status).toBe(404);
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('answers an over-long path parameter and a badly encoded URL with code 4', async () => {
    const long = await call(t.app, { method: 'GET', url: `/api/v1/plant/${'9'.repeat(200)}` });
    expect(long.status).toBe(414);
    expect(long.code).toBe(ErrorCode.validation);
    const badUrl = await call(t.app, { method: 'GET', url: '/api/v1/plant/%E0%A4%A' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.code).toBe(ErrorCode.validation);
  });
});
