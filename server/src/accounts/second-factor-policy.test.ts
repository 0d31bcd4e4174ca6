import {
  bootInverter,
  enableTotp,
  ErrorCode,
  getCompany,
  getProfile,
  issueToken,
  listAuditEntries,
  listPlants,
  secondFactorStatus,
  setSecondFactorPolicy,
  startTotpSetup,
} from '@solar/contract';
import { generate } from 'otplib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callEndpoint } from '../test/call-endpoint.js';
import {
  buildCompanyWithStaff,
  buildRole,
  buildSignedInPlatformAdmin,
  buildUser,
  inCompany,
  signIn,
  TEST_PASSWORD,
  tokenFor,
} from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { ColumnCipher } from '../auth/column-cipher.js';
import { SecondFactors } from './second-factor.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

/** Sets up and confirms an authenticator with the session's token; answers its secret. */
async function enrol(app: TestApp, token: string): Promise<string> {
  const setup = await callEndpoint(app.app, startTotpSetup, { token });
  expect(setup.code).toBe(ErrorCode.ok);
  const code = await generate({ secret: setup.data.secret });
  expect((await callEndpoint(app.app, enableTotp, { token, body: { code } })).code).toBe(0);
  return setup.data.secret;
}

/** A company with its administrator's token and a staff member holding `permissions`. */
async function companyWithMember(permissions: string[], isPolicyOn: boolean) {
  const company = await buildCompanyWithStaff(t.deps);
  const policy = await callEndpoint(t.app, setSecondFactorPolicy, {
    token: company.adminToken,
    body: { isRequired: isPolicyOn },
  });
  expect(policy.code).toBe(ErrorCode.ok);
  const role = await buildRole(t.deps, company.company.id, permissions);
  const member = await buildUser(t.deps, {
    kind: 'staff',
    companyId: company.company.id,
    roleId: role.id,
  });
  const signedIn = await signIn(t.app, member.email);
  expect(signedIn.code).toBe(ErrorCode.ok);
  return { ...company, member, token: signedIn.data.access_token };
}

const bootAnySn = (token: string) =>
  callEndpoint(t.app, bootInverter, { token, params: { sn: 'NO-SUCH-INVERTER' } });

describe('POST /api/v1/company/second-factor-policy', () => {
  it('answers 401 without a token', async () => {
    const res = await callEndpoint(t.app, setSecondFactorPolicy, { body: { isRequired: true } });
    expect(res.status).toBe(401);
  });

  it('refuses staff whose role may edit the company information (code 2)', async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const role = await buildRole(t.deps, company.id, ['company.info', 'company.info.edit']);
    const staff = await buildUser(t.deps, {
      kind: 'staff',
      companyId: company.id,
      roleId: role.id,
    });
    const res = await callEndpoint(t.app, setSecondFactorPolicy, {
      token: await tokenFor(t.deps, staff.id),
      body: { isRequired: true },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it("is set by the company's administrator and by a platform administrator in its context", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const on = await callEndpoint(t.app, setSecondFactorPolicy, {
      token: adminToken,
      body: { isRequired: true },
    });
    expect(on.data.requiresSecondFactor).toBe(true);
    const { token: platformToken } = await buildSignedInPlatformAdmin(t.deps);
    const off = await callEndpoint(t.app, setSecondFactorPolicy, {
      token: platformToken,
      headers: inCompany(company.id),
      body: { isRequired: false },
    });
    expect(off.code).toBe(ErrorCode.ok);
    const read = await callEndpoint(t.app, getCompany, { token: adminToken });
    expect(read.data.requiresSecondFactor).toBe(false);
    const audit = await callEndpoint(t.app, listAuditEntries, {
      token: platformToken,
      query: { action: 'company.updated', size: 200 },
    });
    const entries = audit.data.infos.filter((entry) => entry.target.includes(company.name));
    expect(entries.map((entry) => entry.detail)).toEqual([
      { requiresSecondFactor: false },
      { requiresSecondFactor: true },
    ]);
  });
});

describe('a company that requires a second factor', () => {
  it('limits a remote-control role without one to enrolling, then lets it work', async () => {
    const { token } = await companyWithMember(['inverter.boot'], true);
    expect((await bootAnySn(token)).code).toBe(ErrorCode.secondFactorEnrolmentRequired);
    const profile = await callEndpoint(t.app, getProfile, { token });
    expect(profile.data.mustEnrolSecondFactor).toBe(true);
    expect((await callEndpoint(t.app, secondFactorStatus, { token })).code).toBe(0);

    await enrol(t, token);

    expect((await callEndpoint(t.app, getProfile, { token })).data.mustEnrolSecondFactor).toBe(
      false,
    );
    expect((await bootAnySn(token)).code).toBe(ErrorCode.inverterNotFound);
  });

  it('covers user management and firmware roles too', async () => {
    for (const permission of ['company.user.create', 'inverter.upgrade', 'firmware.management']) {
      const { token } = await companyWithMember([permission], true);
      const profile = await callEndpoint(t.app, getProfile, { token });
      expect(profile.data.mustEnrolSecondFactor, permission).toBe(true);
      expect((await callEndpoint(t.app, listPlants, { token })).code, permission).toBe(
        ErrorCode.secondFactorEnrolmentRequired,
      );
    }
  });

  it('leaves a view-only role as it is', async () => {
    const { token } = await companyWithMember(['station.view'], true);
    expect((await callEndpoint(t.app, getProfile, { token })).data.mustEnrolSecondFactor).toBe(
      false,
    );
    expect((await callEndpoint(t.app, listPlants, { token })).code).toBe(ErrorCode.ok);
  });

  it('applies to sessions already signed in, from the moment it is turned on', async () => {
    const { token, adminToken } = await companyWithMember(
      ['station.view', 'switch.control'],
      false,
    );
    expect((await callEndpoint(t.app, listPlants, { token })).code).toBe(ErrorCode.ok);
    await callEndpoint(t.app, setSecondFactorPolicy, {
      token: adminToken,
      body: { isRequired: true },
    });
    expect((await callEndpoint(t.app, listPlants, { token })).code).toBe(
      ErrorCode.secondFactorEnrolmentRequired,
    );
    // The administrator holds every company permission, so the policy covers them as well.
    expect((await callEndpoint(t.app, listPlants, { token: adminToken })).code).toBe(
      ErrorCode.secondFactorEnrolmentRequired,
    );
  });
});

describe('a company that does not require a second factor', () => {
  it('leaves a remote-control role without one as it is', async () => {
    const { token } = await companyWithMember(['inverter.boot'], false);
    expect((await callEndpoint(t.app, getProfile, { token })).data.mustEnrolSecondFactor).toBe(
      false,
    );
    expect((await bootAnySn(token)).code).toBe(ErrorCode.inverterNotFound);
  });
});

describe('TOTP secrets at rest', () => {
  const storedSecret = async (userId: number) =>
    (
      await t.deps.db
        .selectFrom('second_factors')
        .select('totp_secret')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).totp_secret;

  it('are stored encrypted, never as the base32 secret', async () => {
    const user = await buildUser(t.deps);
    const secret = await enrol(t, await tokenFor(t.deps, user.id));
    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/^[A-Z2-7]+=*$/);
  });

  it('stored in plain text before, are sealed at start and still verify codes', async () => {
    const user = await buildUser(t.deps);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.deps.db
      .insertInto('second_factors')
      .values({ user_id: user.id, totp_secret: secret, enabled_at: new Date() })
      .execute();

    await new SecondFactors(t.deps).sealPlainSecrets();

    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    const signedIn = await callEndpoint(t.app, issueToken, {
      body: {
        grant_type: 'password',
        username: user.email,
        password: TEST_PASSWORD,
        otp: await generate({ secret }),
      },
    });
    expect(signedIn.code).toBe(ErrorCode.ok);
  });

  it('sealed with another key, match no code (111) instead of failing', async () => {
    const user = await buildUser(t.deps);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const otherKey = new ColumnCipher('a column key this app was never given, 32+ chars');
    await t.deps.db
      .insertInto('second_factors')
      .values({
        user_id: user.id,
        totp_secret: otherKey.seal(secret, 'second_factors.totp_secret'),
        enabled_at: new Date(),
      })
      .execute();
    const signedIn = await callEndpoint(t.app, issueToken, {
      body: {
        grant_type: 'password',
        username: user.email,
        password: TEST_PASSWORD,
        otp: await generate({ secret }),
      },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.code).toBe(ErrorCode.secondFactorWrong);
  });
});

describe("the platform administrator's own account", () => {
  it('must enrol at first sign-in in production (DATABASE_URL set)', async () => {
    const production = await buildTestApp({ DATABASE_URL: inject('databaseUrl') });
    const admin = await buildUser(production.deps, { kind: 'platform_admin' });
    const signedIn = await signIn(production.app, admin.email);
    expect(signedIn.code).toBe(ErrorCode.ok);
    const token = signedIn.data.access_token;
    const profile = await callEndpoint(production.app, getProfile, { token });
    expect(profile.data.mustEnrolSecondFactor).toBe(true);
    const audit = () =>
      callEndpoint(production.app, listAuditEntries, { token, query: { size: 1 } });
    expect((await audit()).code).toBe(ErrorCode.secondFactorEnrolmentRequired);

    await enrol(production, token);

    expect((await audit()).code).toBe(ErrorCode.ok);
  });

  it('may sign in with a password only in the embedded demo', async () => {
    const admin = await buildUser(t.deps, { kind: 'platform_admin' });
    const { data } = await signIn(t.app, admin.email);
    const token = data.access_token;
    expect((await callEndpoint(t.app, getProfile, { token })).data.mustEnrolSecondFactor).toBe(
      false,
    );
    const audit = await callEndpoint(t.app, listAuditEntries, { token, query: { size: 1 } });
    expect(audit.code).toBe(ErrorCode.ok);
  });
});
