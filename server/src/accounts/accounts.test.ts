import {
  callerIp,
  checkAccount,
  checkCode as checkCodeEndpoint,
  type CodePurpose,
  type EndpointBody,
  ErrorCode,
  issueToken,
  requestCode,
  resetPassword,
  signup as signupEndpoint,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, TEST_PASSWORD, uniqueEmail } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { mailedCode, uniqueIp, wrongCode } from '../test/fixtures/accounts.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const NEW_PASSWORD = 'Sunny2026x';

function getCode(email: string, type: CodePurpose, ip = uniqueIp()) {
  return callEndpoint(t.app, requestCode, { query: { email, type }, remoteAddress: ip });
}

function checkCode(email: string, code: string, type: CodePurpose, ip = uniqueIp()) {
  return callEndpoint(t.app, checkCodeEndpoint, {
    query: { email, code, type },
    remoteAddress: ip,
  });
}

/** Signs up with a form body, as the sign-up page sends it (fields not vouched for). */
function signup(fields: Record<string, string>, ip = uniqueIp()) {
  return callEndpointLoosely(t.app, signupEndpoint, {
    body: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });
}

function resetPwd(body: EndpointBody<typeof resetPassword>, ip = uniqueIp()) {
  return callEndpoint(t.app, resetPassword, { body, remoteAddress: ip });
}

describe('GET /anonymous/getCode', () => {
  it('answers code 4 for a malformed e-mail or an unknown type', async () => {
    expect((await getCode('not-an-email', 'signup')).code).toBe(ErrorCode.validation);
    const unknownType = await callEndpointLoosely(t.app, requestCode, {
      query: { email: uniqueEmail(), type: 'login' },
      remoteAddress: uniqueIp(),
    });
    expect(unknownType.code).toBe(ErrorCode.validation);
  });

  it('mails a 6-digit code and stores only its hash', async () => {
    const email = uniqueEmail('signup');
    const res = await getCode(email, 'signup');
    expect(res.code).toBe(0);
    const code = await mailedCode(t.deps, email);
    const stored = await t.deps.db
      .selectFrom('verification_codes')
      .select(['code_hash', 'expires_at', 'created_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    const lifetimeMinutes = (stored.expires_at.getTime() - stored.created_at.getTime()) / 60_000;
    expect(Math.round(lifetimeMinutes)).toBe(10);
  });

  it('answers 103 for sign-up of an existing account and sends nothing', async () => {
    const user = await buildUser(t.deps);
    expect((await getCode(user.email.toUpperCase(), 'signup')).code).toBe(
      ErrorCode.accountRegistered,
    );
    const mails = await t.deps.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', user.email)
      .execute();
    expect(mails).toHaveLength(0);
  });

  it('answers 105 for a reset of an unknown account', async () => {
    expect((await getCode(uniqueEmail('nobody'), 'reset')).code).toBe(
      ErrorCode.accountNotRegistered,
    );
  });

  it('answers 109 after 5 requests for one e-mail from one address, not to another address', async () => {
    const email = uniqueEmail('flood');
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) expect((await getCode(email, 'signup', ip)).code).toBe(0);
    expect((await getCode(email, 'signup', ip)).code).toBe(ErrorCode.tooManyAttempts);
    expect((await getCode(email, 'signup')).code).toBe(0);
  });

  it('answers 109 after 20 requests from one address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await getCode(uniqueEmail('ip'), 'signup', ip)).code).toBe(0);
    }
    expect((await getCode(uniqueEmail('ip'), 'signup', ip)).code).toBe(ErrorCode.tooManyAttempts);
  });
});

describe('GET /anonymous/checkCode', () => {
  it('answers code 4 when the code is not 6 digits', async () => {
    expect((await checkCode(uniqueEmail(), '12ab', 'signup')).code).toBe(ErrorCode.validation);
  });

  it('accepts the mailed code without using it up', async () => {
    const email = uniqueEmail('check');
    await getCode(email, 'signup');
    const code = await mailedCode(t.deps, email);
    expect((await checkCode(email, code, 'signup')).code).toBe(0);
    expect((await checkCode(email, code, 'signup')).code).toBe(0);
  });

  it('answers 5 for a wrong code and 6 for a code of the other purpose', async () => {
    const email = uniqueEmail('check');
    await getCode(email, 'signup');
    const code = await mailedCode(t.deps, email);
    expect((await checkCode(email, wrongCode(code), 'signup')).code).toBe(
      ErrorCode.verificationCodeError,
    );
    expect((await checkCode(email, code, 'reset')).code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('no longer accepts a replaced code (5) and answers 6 for an expired one', async () => {
    const email = uniqueEmail('expired');
    await getCode(email, 'signup');
    const first = await mailedCode(t.deps, email);
    await getCode(email, 'signup');
    const second = await mailedCode(t.deps, email);
    if (first !== second) {
      expect((await checkCode(email, first, 'signup')).code).toBe(ErrorCode.verificationCodeError);
    }
    await t.deps.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect((await checkCode(email, second, 'signup')).code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('burns the code after 5 wrong guesses, and limits the guessing address with 109', async () => {
    const email = uniqueEmail('guess');
    const ip = uniqueIp();
    await getCode(email, 'signup');
    const code = await mailedCode(t.deps, email);
    for (let i = 0; i < 5; i += 1) {
      expect((await checkCode(email, wrongCode(code), 'signup', ip)).code).toBe(
        ErrorCode.verificationCodeError,
      );
    }
    expect((await checkCode(email, code, 'signup', ip)).code).toBe(ErrorCode.tooManyAttempts);
    expect((await checkCode(email, code, 'signup')).code).toBe(ErrorCode.verificationCodeExpired);
  });
});

describe('GET /anonymous/checkAccount', () => {
  it('answers code 4 for a malformed e-mail', async () => {
    const res = await callEndpoint(t.app, checkAccount, { query: { email: 'x' } });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('answers 105 for a free e-mail and 103 for a registered one', async () => {
    const user = await buildUser(t.deps);
    const free = await callEndpoint(t.app, checkAccount, {
      query: { email: uniqueEmail('free') },
      remoteAddress: uniqueIp(),
    });
    expect(free.code).toBe(ErrorCode.accountNotRegistered);
    const taken = await callEndpoint(t.app, checkAccount, {
      query: { email: user.email },
      remoteAddress: uniqueIp(),
    });
    expect(taken.code).toBe(ErrorCode.accountRegistered);
  });
});

describe('POST /anonymous/signup', () => {
  it('answers code 4 for a weak password and for unknown fields', async () => {
    const base = { email: uniqueEmail(), code: '123456', nickname: 'Sun' };
    const weak = await signup({ ...base, password: 'alllowercase1' });
    expect(weak.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(weak.data)).toContain('validation.newPassword');
    const extra = await signup({ ...base, password: NEW_PASSWORD, kind: 'platform_admin' });
    expect(extra.code).toBe(ErrorCode.validation);
  });

  it('creates an owner who can sign in, and the code cannot be used again', async () => {
    const email = uniqueEmail('new');
    await getCode(email, 'signup');
    const code = await mailedCode(t.deps, email);
    const res = await signup({ email, code, password: NEW_PASSWORD, nickname: 'New Owner' });
    expect(res.code).toBe(0);
    const user = await t.deps.db
      .selectFrom('users')
      .select(['id', 'kind', 'company_id', 'nickname'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      id: res.data.id,
      kind: 'owner',
      company_id: null,
      nickname: 'New Owner',
    });
    expect(JSON.stringify(res.data)).not.toContain('password');
    expect((await signIn(t.app, email, NEW_PASSWORD)).code).toBe(0);
    expect((await checkCode(email, code, 'signup')).code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('answers 5 for a wrong code and creates nothing', async () => {
    const email = uniqueEmail('wrong');
    await getCode(email, 'signup');
    const code = await mailedCode(t.deps, email);
    const res = await signup({
      email,
      code: wrongCode(code),
      password: NEW_PASSWORD,
      nickname: 'X',
    });
    expect(res.code).toBe(ErrorCode.verificationCodeError);
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('answers 6 for an expired code', async () => {
    const email = uniqueEmail('late');
    await getCode(email, 'signup');
    const code = await mailedCode(t.deps, email);
    await t.deps.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    const res = await signup({ email, code, password: NEW_PASSWORD, nickname: 'X' });
    expect(res.code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('answers 103 when the e-mail was registered meanwhile', async () => {
    const email = uniqueEmail('race');
    await getCode(email, 'signup');
    const code = await mailedCode(t.deps, email);
    await buildUser(t.deps, { email });
    const res = await signup({ email, code, password: NEW_PASSWORD, nickname: 'X' });
    expect(res.code).toBe(ErrorCode.accountRegistered);
  });
});

describe('POST /anonymous/resetPwd', () => {
  it('answers code 4 for a weak new password', async () => {
    const res = await resetPwd({ email: uniqueEmail(), code: '123456', password: 'short' });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('answers 105 for an unknown account', async () => {
    const res = await resetPwd({
      email: uniqueEmail('nobody'),
      code: '123456',
      password: NEW_PASSWORD,
    });
    expect(res.code).toBe(ErrorCode.accountNotRegistered);
  });

  it('sets the new password and signs every session out', async () => {
    const user = await buildUser(t.deps);
    const session = await signIn(t.app, user.email);
    await getCode(user.email, 'reset');
    const code = await mailedCode(t.deps, user.email);
    const res = await resetPwd({ email: user.email, code, password: NEW_PASSWORD });
    expect(res.code).toBe(0);
    expect((await signIn(t.app, user.email, TEST_PASSWORD)).code).toBe(ErrorCode.wrongCredentials);
    expect((await signIn(t.app, user.email, NEW_PASSWORD)).code).toBe(0);
    const refreshed = await callEndpoint(t.app, issueToken, {
      body: { grant_type: 'refresh_token', refresh_token: session.data.refresh_token },
    });
    expect(refreshed.status).toBe(401);
  });

  it('answers 5 for a wrong code and 6 for a used one, leaving the password alone', async () => {
    const user = await buildUser(t.deps);
    await getCode(user.email, 'reset');
    const code = await mailedCode(t.deps, user.email);
    const wrong = await resetPwd({
      email: user.email,
      code: wrongCode(code),
      password: NEW_PASSWORD,
    });
    expect(wrong.code).toBe(ErrorCode.verificationCodeError);
    expect((await signIn(t.app, user.email)).code).toBe(0);
    expect((await resetPwd({ email: user.email, code, password: NEW_PASSWORD })).code).toBe(0);
    const again = await resetPwd({ email: user.email, code, password: 'Another2026' });
    expect(again.code).toBe(ErrorCode.verificationCodeExpired);
  });
});

describe('GET /anonymous/ip', () => {
  it('answers the caller address', async () => {
    const res = await callEndpoint(t.app, callerIp, { remoteAddress: '10.9.8.7' });
    expect(res.data).toEqual({ ip: '10.9.8.7' });
  });
});
