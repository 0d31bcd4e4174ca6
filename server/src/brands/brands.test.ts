import { randomBytes } from 'node:crypto';
import {
  createBrand,
  currentBrand,
  ErrorCode,
  listBrands,
  updateBrand,
  uploadBrandFavicon,
  uploadBrandLogo,
  validationFailureData,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import {
  buildPlatformAdminContext,
  expectAudited,
  expectOneOfParallelAdds,
  type PlatformAdminContext,
} from '../test/platform-admin.js';
import {
  JPEG_BYTES,
  multipartFile,
  PNG_BYTES,
  uploadTo,
} from '../test/fixtures/uploads.factories.js';

let ctx: PlatformAdminContext;

beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
});

/** A key and host no other test or spec uses, so no other sign-in page is ever branded. */
function fresh() {
  const suffix = randomBytes(5).toString('hex');
  return { key: `b-${suffix}`, host: `brand-${suffix}.test` };
}

function create(body: Record<string, unknown>) {
  return callEndpointLoosely(ctx.t.app, createBrand, { token: ctx.platformToken, body });
}

async function createFresh(extra: Record<string, unknown> = {}) {
  const { key, host } = fresh();
  const res = await create({
    key,
    name: 'Sunny Brand',
    primaryColor: '#aa5500',
    hosts: [host],
    ...extra,
  });
  expect(res.code).toBe(ErrorCode.ok);
  return { brand: res.data as { id: number; key: string }, host };
}

function brandOf(headers: Record<string, string>, lan: 'en' | 'de' = 'en') {
  return endpointData(ctx.t.app, currentBrand, { query: { lan }, headers });
}

function uploadLogo(id: number, token: string, file: ReturnType<typeof multipartFile>) {
  return uploadTo(ctx.t.app, uploadBrandLogo, id, token, file);
}

describe('brand management', () => {
  it('refuses a company administrator every call with code 2', async () => {
    const body = { name: 'X', primaryColor: '#112233' };
    const calls = [
      callEndpoint(ctx.t.app, listBrands, { token: ctx.adminToken }),
      callEndpoint(ctx.t.app, createBrand, {
        token: ctx.adminToken,
        body: { ...body, key: fresh().key },
      }),
      callEndpoint(ctx.t.app, updateBrand, { token: ctx.adminToken, params: { id: 1 }, body }),
      uploadLogo(1, ctx.adminToken, multipartFile(PNG_BYTES, 'a.png', 'image/png')),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('answers code 4 naming the field for a bad key, colour, host or name', async () => {
    const valid = { key: fresh().key, name: 'Brand', primaryColor: '#112233' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, key: 'web' }, 'key'],
      [{ ...valid, key: 'Upper Case' }, 'key'],
      [{ ...valid, primaryColor: 'red' }, 'primaryColor'],
      [{ ...valid, hosts: ['bad host!'] }, 'hosts.0'],
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, footerText: { en: 'x'.repeat(121) } }, 'footerText.en'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.code).toBe(ErrorCode.validation);
      const fields = validationFailureData.parse(res.data).fields.map((f) => f.field);
      expect(fields).toContain(field);
    }
  });

  it('answers 5000 to a taken key in 49 of 50 parallel creates, and to a taken host', async () => {
    const { key, host } = fresh();
    const body = { key, name: 'Race', primaryColor: '#112233', hosts: [host] };
    await expectOneOfParallelAdds(() => create(body));
    const other = await create({
      key: fresh().key,
      name: 'Other',
      primaryColor: '#112233',
      hosts: [host],
    });
    expect(other.code).toBe(ErrorCode.codeExists);
  });

  it('chooses the brand by X-Source before the host, and none for an unknown marker and host', async () => {
    const byHeader = await createFresh();
    const byHost = await createFresh({
      name: 'Host Brand',
      signInTitle: { en: 'Welcome', de: 'Willkommen' },
      footerText: { en: 'Host Ltd' },
    });
    const viaHeader = await brandOf({ 'x-source': byHeader.brand.key, host: byHost.host });
    expect(viaHeader).toMatchObject({ key: byHeader.brand.key, primaryColor: '#AA5500' });
    const viaHost = await brandOf({ 'x-source': 'web', host: byHost.host }, 'de');
    expect(viaHost).toMatchObject({
      name: 'Host Brand',
      signInTitle: 'Willkommen',
      footerText: 'Host Ltd',
      logoUrl: null,
    });
    expect(await brandOf({ 'x-source': 'web', host: 'unknown.test' })).toBeNull();
    expect(await brandOf({ 'x-source': 'no-such-brand', host: 'unknown.test' })).toBeNull();
  });

  it('answers with an ETag and 304 to a request that already holds it', async () => {
    const { host } = await createFresh();
    const url = `${currentBrand.path}?lan=en`;
    const first = await ctx.t.app.inject({ method: 'GET', url, headers: { host } });
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    expect(first.headers.vary).toContain('X-Source');
    const again = await ctx.t.app.inject({
      method: 'GET',
      url,
      headers: { host, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('edits a brand and moves a host to it, with audit entries in the same change', async () => {
    const first = await createFresh();
    const second = await createFresh();
    const moved = await callEndpoint(ctx.t.app, updateBrand, {
      token: ctx.platformToken,
      params: { id: second.brand.id },
      body: { name: 'Renamed', primaryColor: '#000000', hosts: [first.host] },
    });
    expect(moved.code).toBe(ErrorCode.codeExists);
    const freed = await callEndpoint(ctx.t.app, updateBrand, {
      token: ctx.platformToken,
      params: { id: first.brand.id },
      body: { name: 'Freed', primaryColor: '#000000', hosts: [] },
    });
    expect(freed.data).toMatchObject({ name: 'Freed', hosts: [] });
    const taken = await callEndpoint(ctx.t.app, updateBrand, {
      token: ctx.platformToken,
      params: { id: second.brand.id },
      body: { name: 'Renamed', primaryColor: '#000000', hosts: [first.host] },
    });
    expect(taken.data).toMatchObject({ name: 'Renamed', hosts: [first.host] });
    expect(await brandOf({ host: first.host })).toMatchObject({ name: 'Renamed' });
    const audits = await ctx.t.deps.db
      .selectFrom('audit_entries')
      .select('action')
      .where('target', 'in', [
        `brand ${first.brand.id} ${first.brand.key}`,
        `brand ${second.brand.id} ${second.brand.key}`,
      ])
      .execute();
    expect(audits.map((row) => row.action).sort()).toEqual([
      'brand.created',
      'brand.created',
      'brand.updated',
      'brand.updated',
    ]);
  });
});

describe('brand logo', () => {
  it('refuses a JPEG, a disguised file and a PNG over 1 MB with code 4', async () => {
    const { brand } = await createFresh();
    const oversized = Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024)]);
    const files = [
      multipartFile(JPEG_BYTES, 'logo.png', 'image/png'),
      multipartFile(Buffer.from('just text'), 'logo.png', 'image/png'),
      multipartFile(oversized, 'logo.png', 'image/png'),
    ];
    for (const file of files) {
      expect((await uploadLogo(brand.id, ctx.platformToken, file)).code).toBe(ErrorCode.validation);
    }
    const row = await ctx.t.deps.db
      .selectFrom('brands')
      .select('logo_key')
      .where('id', '=', brand.id)
      .executeTakeFirstOrThrow();
    expect(row.logo_key).toBeNull();
  });

  it('stores the logo in the object store, serves it and removes the one it replaces', async () => {
    const { brand, host } = await createFresh();
    const png = multipartFile(PNG_BYTES, 'logo.png', 'image/png');
    const first = await uploadLogo(brand.id, ctx.platformToken, png);
    expect(first.code).toBe(ErrorCode.ok);
    const firstKey = await logoKeyOf(brand.id);
    const second = await uploadLogo(brand.id, ctx.platformToken, png);
    const logoUrl = (second.data as { logoUrl: string }).logoUrl;
    expect((await brandOf({ host }))?.logoUrl).toBe(logoUrl);
    const served = await ctx.t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(await ctx.t.deps.files.stat(firstKey)).toBeNull();
    expect(await ctx.t.deps.files.stat(await logoKeyOf(brand.id))).not.toBeNull();
  });
});

describe('brand favicon and agreement', () => {
  it('stores a PNG favicon, names it in the brand answer and serves it; a JPEG answers code 4', async () => {
    const { brand, host } = await createFresh();
    const upload = (file: ReturnType<typeof multipartFile>) =>
      uploadTo(ctx.t.app, uploadBrandFavicon, brand.id, ctx.platformToken, file);
    expect((await upload(multipartFile(JPEG_BYTES, 'icon.png', 'image/png'))).code).toBe(
      ErrorCode.validation,
    );
    const stored = await upload(multipartFile(PNG_BYTES, 'icon.png', 'image/png'));
    const faviconUrl = (stored.data as { faviconUrl: string }).faviconUrl;
    expect(faviconUrl).toMatch(new RegExp(`^/anonymous/brand/${brand.id}/favicon\\?v=`));
    expect((await brandOf({ host }))?.faviconUrl).toBe(faviconUrl);
    const served = await ctx.t.app.inject({ method: 'GET', url: faviconUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    await expectAudited(ctx, `brand ${brand.id} ${brand.key}`, ['brand.faviconChanged']);
  });

  it('answers the agreement in the asked language, else in English', async () => {
    const { host } = await createFresh({
      agreement: { en: 'Plain terms.', de: 'Klare Bedingungen.' },
    });
    expect((await brandOf({ host }, 'de'))?.agreement).toBe('Klare Bedingungen.');
    const bare = await createFresh();
    expect((await brandOf({ host: bare.host }))?.agreement).toBeNull();
    const english = await ctx.t.app.inject({
      method: 'GET',
      url: `${currentBrand.path}?lan=fr`,
      headers: { host },
    });
    expect(english.json().data.agreement).toBe('Plain terms.');
  });

  it('answers code 4 for an agreement over 20,000 characters or a malformed sender', async () => {
    for (const [extra, field] of [
      [{ agreement: { en: 'x'.repeat(20_001) } }, 'agreement.en'],
      [{ mailFromAddress: 'not-mail' }, 'mailFromAddress'],
    ] as const) {
      const res = await create({ key: fresh().key, name: 'B', primaryColor: '#112233', ...extra });
      expect(res.code).toBe(ErrorCode.validation);
      const fields = validationFailureData.parse(res.data).fields.map((f) => f.field);
      expect(fields).toContain(field);
    }
  });
});

async function logoKeyOf(id: number): Promise<string> {
  const row = await ctx.t.deps.db
    .selectFrom('brands')
    .select('logo_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.logo_key ?? '';
}
