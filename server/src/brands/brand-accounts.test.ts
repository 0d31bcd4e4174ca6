import { randomBytes } from 'node:crypto';
import {
  checkAccount,
  createBrand,
  createManagedCompany,
  getProfile,
  ErrorCode,
  issueToken,
  listManagedCompanies,
  requestCode,
  resetPassword,
  signup,
  updateManagedCompany,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailedCode, uniqueIp } from '../test/fixtures/accounts.factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildPlatformAdminContext, type PlatformAdminContext } from '../test/platform-admin.js';
import { uniqueEmail } from '../test/factories.js';

let ctx: PlatformAdminContext;

beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
});

const PASSWORD = 'Sunny2026x';
const OTHER_PASSWORD = 'Cloudy2026y';

interface Brand {
  id: number;
  key: string;
  /** The header that makes a request one of this brand's. */
  marker: Record<string, string>;
}

async function newBrand(extra: Record<string, unknown> = {}): Promise<Brand> {
  const key = `a-${randomBytes(5).toString('hex')}`;
  const brand = await endpointData(ctx.t.app, createBrand, {
    token: ctx.platformToken,
    body: { key, name: 'Separate Solar', primaryColor: '#225588', hosts: [], ...extra },
  });
  return { id: brand.id, key, marker: { 'x-source': key } };
}

/** The portal's own web client: no brand. */
const DEFAULT_MARKER = { 'x-source': 'web' };

function signInUnder(marker: Record<string, string>, username: string, password: string) {
  return callEndpoint(ctx.t.app, issueToken, {
    body: { grant_type: 'password', username, password },
    headers: marker,
    remoteAddress: uniqueIp(),
  });
}

/** Signs an owner up under the marker's brand with a code mailed under it. */
async function signUpUnder(marker: Record<string, string>, email: string, password: string) {
  const asked = await callEndpoint(ctx.t.app, requestCode, {
    query: { email, type: 'signup' },
    headers: marker,
    remoteAddress: uniqueIp(),
  });
  expect(asked.code).toBe(ErrorCode.ok);
  const code = await mailedCode(ctx.t.deps, email);
  return callEndpointLoosely(ctx.t.app, signup, {
    body: new URLSearchParams({ email, code, password, nickname: 'Owner' }).toString(),
    headers: marker,
    remoteAddress: uniqueIp(),
  });
}

describe('accounts under two brands', () => {
  it('holds the same e-mail once per brand, each signing in only under its own', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('twice');
    expect((await signUpUnder(DEFAULT_MARKER, email, PASSWORD)).code).toBe(ErrorCode.ok);
    expect((await signUpUnder(brand.marker, email, OTHER_PASSWORD)).code).toBe(ErrorCode.ok);
    const again = await callEndpoint(ctx.t.app, requestCode, {
      query: { email, type: 'signup' },
      headers: brand.marker,
      remoteAddress: uniqueIp(),
    });
    expect(again.code).toBe(ErrorCode.accountRegistered);
    expect((await signInUnder(DEFAULT_MARKER, email, PASSWORD)).code).toBe(ErrorCode.ok);
    expect((await signInUnder(brand.marker, email, OTHER_PASSWORD)).code).toBe(ErrorCode.ok);
    const crossed = await signInUnder(brand.marker, email, PASSWORD);
    expect(crossed.code).toBe(ErrorCode.wrongCredentials);
    const rows = await ctx.t.deps.db
      .selectFrom('users')
      .select('brand_id')
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.brand_id)).toEqual([null, brand.id]);
  });

  it('answers a right password under another brand exactly like an unknown account', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('only-default');
    await signUpUnder(DEFAULT_MARKER, email, PASSWORD);
    const [crossed, unknown] = await Promise.all([
      signInUnder(brand.marker, email, PASSWORD),
      signInUnder(brand.marker, uniqueEmail('nobody'), PASSWORD),
    ]);
    const answerOf = (res: typeof crossed) => ({ ...res, raw: res.raw.body });
    expect(answerOf(crossed)).toEqual(answerOf(unknown));
    expect(crossed.code).toBe(ErrorCode.wrongCredentials);
    const lookups = await Promise.all(
      [email, uniqueEmail('nobody')].map((address) =>
        callEndpoint(ctx.t.app, checkAccount, {
          query: { email: address },
          headers: brand.marker,
          remoteAddress: uniqueIp(),
        }),
      ),
    );
    expect(lookups.map((answer) => answer.code)).toEqual([
      ErrorCode.accountNotRegistered,
      ErrorCode.accountNotRegistered,
    ]);
  });

  it("refuses a brand's refresh token under another brand and keeps it usable under its own", async () => {
    const brand = await newBrand();
    const email = uniqueEmail('refresh');
    await signUpUnder(brand.marker, email, PASSWORD);
    const tokens = await signInUnder(brand.marker, email, PASSWORD);
    const refresh_token = (tokens.data as { refresh_token: string }).refresh_token;
    const refresh = (marker: Record<string, string>) =>
      callEndpointLoosely(ctx.t.app, issueToken, {
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token }).toString(),
        headers: marker,
      });
    expect((await refresh(DEFAULT_MARKER)).status).toBe(401);
    expect((await refresh(brand.marker)).code).toBe(ErrorCode.ok);
  });

  it('resets a password only under the brand the account belongs to', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('reset');
    await signUpUnder(brand.marker, email, PASSWORD);
    const foreign = await callEndpoint(ctx.t.app, requestCode, {
      query: { email, type: 'reset' },
      headers: DEFAULT_MARKER,
      remoteAddress: uniqueIp(),
    });
    expect(foreign.code).toBe(ErrorCode.accountNotRegistered);
    await callEndpoint(ctx.t.app, requestCode, {
      query: { email, type: 'reset' },
      headers: brand.marker,
      remoteAddress: uniqueIp(),
    });
    const code = await mailedCode(ctx.t.deps, email);
    const reset = (marker: Record<string, string>) =>
      callEndpoint(ctx.t.app, resetPassword, {
        body: { email, code, password: OTHER_PASSWORD },
        headers: marker,
        remoteAddress: uniqueIp(),
      });
    expect((await reset(DEFAULT_MARKER)).code).toBe(ErrorCode.accountNotRegistered);
    expect((await reset(brand.marker)).code).toBe(ErrorCode.ok);
    expect((await signInUnder(brand.marker, email, OTHER_PASSWORD)).code).toBe(ErrorCode.ok);
  });

  it('does not take a code mailed under one brand for a sign-up under another', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('code-brand');
    await callEndpoint(ctx.t.app, requestCode, {
      query: { email, type: 'signup' },
      headers: DEFAULT_MARKER,
      remoteAddress: uniqueIp(),
    });
    const code = await mailedCode(ctx.t.deps, email);
    const crossed = await callEndpointLoosely(ctx.t.app, signup, {
      body: new URLSearchParams({ email, code, password: PASSWORD, nickname: 'X' }).toString(),
      headers: brand.marker,
      remoteAddress: uniqueIp(),
    });
    expect(crossed.code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('creates one account of 20 parallel sign-ups of one e-mail under a brand', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('parallel');
    await callEndpoint(ctx.t.app, requestCode, {
      query: { email, type: 'signup' },
      headers: brand.marker,
      remoteAddress: uniqueIp(),
    });
    const code = await mailedCode(ctx.t.deps, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callEndpointLoosely(ctx.t.app, signup, {
          body: new URLSearchParams({ email, code, password: PASSWORD, nickname: 'X' }).toString(),
          headers: brand.marker,
          remoteAddress: uniqueIp(),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code === ErrorCode.ok)).toHaveLength(1);
    const rows = await ctx.t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('access tokens of a brand', () => {
  async function tokenUnder(marker: Record<string, string>) {
    const email = uniqueEmail('token-brand');
    await signUpUnder(marker, email, PASSWORD);
    const tokens = await signInUnder(marker, email, PASSWORD);
    return (tokens.data as { access_token: string }).access_token;
  }

  function profileWith(token: string, marker: Record<string, string>) {
    return callEndpoint(ctx.t.app, getProfile, { token, headers: marker });
  }

  it("answers 401 to a brand's token under another brand's marker and takes it under its own", async () => {
    const [first, second] = [await newBrand(), await newBrand()];
    const token = await tokenUnder(first.marker);
    expect((await profileWith(token, first.marker)).code).toBe(ErrorCode.ok);
    const [crossed, onDefault] = await Promise.all([
      profileWith(token, second.marker),
      profileWith(token, DEFAULT_MARKER),
    ]);
    expect([crossed.status, onDefault.status]).toEqual([401, 401]);
  });

  it("takes a default-brand token without a marker and refuses it under a brand's marker", async () => {
    const brand = await newBrand();
    const token = await tokenUnder(DEFAULT_MARKER);
    expect((await profileWith(token, {})).code).toBe(ErrorCode.ok);
    expect((await profileWith(token, DEFAULT_MARKER)).code).toBe(ErrorCode.ok);
    expect((await profileWith(token, brand.marker)).status).toBe(401);
  });

  it('answers 401 to a token after its account moved to another brand with its company', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('moved-admin');
    const created = await callEndpoint(ctx.t.app, createManagedCompany, {
      token: ctx.platformToken,
      body: {
        name: `Moved Co ${randomBytes(4).toString('hex')}`,
        adminEmail: email,
        adminNickname: 'Admin',
        adminPassword: PASSWORD,
      },
    });
    const tokens = await signInUnder(DEFAULT_MARKER, email, PASSWORD);
    const token = (tokens.data as { access_token: string }).access_token;
    await callEndpoint(ctx.t.app, updateManagedCompany, {
      token: ctx.platformToken,
      params: { id: (created.data as { id: number }).id },
      body: { brandId: brand.id },
    });
    expect((await profileWith(token, DEFAULT_MARKER)).status).toBe(401);
  });
});

describe('companies of a brand', () => {
  function createCompany(adminEmail: string, brandId?: number) {
    return callEndpoint(ctx.t.app, createManagedCompany, {
      token: ctx.platformToken,
      body: {
        name: `Brand Co ${randomBytes(4).toString('hex')}`,
        adminEmail,
        adminNickname: 'Admin',
        adminPassword: PASSWORD,
        ...(brandId === undefined ? {} : { brandId }),
      },
    });
  }

  it("puts the company's administrator in its brand and moves members with the company", async () => {
    const [first, second] = [await newBrand(), await newBrand()];
    const email = uniqueEmail('brand-admin');
    const created = await createCompany(email, first.id);
    expect(created.data).toMatchObject({ brandId: first.id });
    const companyId = (created.data as { id: number }).id;
    expect((await signInUnder(first.marker, email, PASSWORD)).code).toBe(ErrorCode.ok);
    expect((await signInUnder(DEFAULT_MARKER, email, PASSWORD)).code).toBe(
      ErrorCode.wrongCredentials,
    );
    const moved = await callEndpoint(ctx.t.app, updateManagedCompany, {
      token: ctx.platformToken,
      params: { id: companyId },
      body: { brandId: second.id },
    });
    expect(moved.data).toMatchObject({ brandId: second.id });
    expect((await signInUnder(second.marker, email, PASSWORD)).code).toBe(ErrorCode.ok);
    expect((await signInUnder(first.marker, email, PASSWORD)).code).toBe(
      ErrorCode.wrongCredentials,
    );
    const toDefault = await callEndpoint(ctx.t.app, updateManagedCompany, {
      token: ctx.platformToken,
      params: { id: companyId },
      body: { brandId: 0 },
    });
    expect(toDefault.data).toMatchObject({ brandId: null });
    expect((await signInUnder(DEFAULT_MARKER, email, PASSWORD)).code).toBe(ErrorCode.ok);
  });

  it('allows one e-mail as administrator under two brands; a move onto a taken e-mail answers 104', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('shared-admin');
    const home = await createCompany(email);
    const branded = await createCompany(email, brand.id);
    expect([home.code, branded.code]).toEqual([ErrorCode.ok, ErrorCode.ok]);
    const clash = await callEndpoint(ctx.t.app, updateManagedCompany, {
      token: ctx.platformToken,
      params: { id: (branded.data as { id: number }).id },
      body: { brandId: 0 },
    });
    expect(clash.code).toBe(ErrorCode.accountExists);
    const list = await endpointData(ctx.t.app, listManagedCompanies, {
      token: ctx.platformToken,
      query: { search: (branded.data as { name: string }).name },
    });
    expect(list.infos[0]).toMatchObject({ brandId: brand.id });
  });

  it('answers code 4 for a brand that does not exist', async () => {
    const res = await createCompany(uniqueEmail('no-brand'), 2 ** 31 - 2);
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('creates one company of 20 parallel creates with one administrator e-mail under a brand', async () => {
    const brand = await newBrand();
    const email = uniqueEmail('race-admin');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createCompany(email, brand.id)),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === ErrorCode.ok)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.accountExists)).toHaveLength(19);
  });
});

describe("a brand's mail sender", () => {
  it('sends the codes asked under a brand from its sender, others from the portal', async () => {
    const brand = await newBrand({
      mailFromName: 'Separate Solar',
      mailFromAddress: 'hi@sep.test',
    });
    const [branded, plain] = [uniqueEmail('sender'), uniqueEmail('sender')];
    for (const [email, marker] of [
      [branded, brand.marker],
      [plain, DEFAULT_MARKER],
    ] as const) {
      await callEndpoint(ctx.t.app, requestCode, {
        query: { email, type: 'signup' },
        headers: marker,
        remoteAddress: uniqueIp(),
      });
    }
    const rows = await ctx.t.deps.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'sender'])
      .where('recipient', 'in', [branded, plain])
      .execute();
    const senders = Object.fromEntries(rows.map((row) => [row.recipient, row.sender]));
    expect(senders).toEqual({ [branded]: '"Separate Solar" <hi@sep.test>', [plain]: null });
  });
});
