import {
  editUser,
  type EndpointBody,
  ErrorCode,
  getProfile,
  requestSmsCode,
  setSmsSettings,
} from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp, wrongCode } from '../test/fixtures/accounts.factories.js';
import { buildSignedInOwner } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { textedCode } from '../test/fixtures/sms.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const NUMBER = '+4915112345678';
const OTHER_NUMBER = '+4915187654321';

function save(token: string, body: EndpointBody<typeof setSmsSettings>) {
  return callEndpoint(t.app, setSmsSettings, { token, body, remoteAddress: uniqueIp() });
}

function sendCode(token: string, smsPhone: string, ip = uniqueIp()) {
  return callEndpoint(t.app, requestSmsCode, { token, body: { smsPhone }, remoteAddress: ip });
}

async function storedSms(userId: number) {
  return t.deps.db
    .selectFrom('users')
    .select(['sms_phone', 'sms_opt_in', 'sms_phone_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** An owner whose number is confirmed and who gets alarm texts. */
async function optedInOwner() {
  const owner = await buildSignedInOwner(t.deps);
  expect((await sendCode(owner.token, NUMBER)).code).toBe(0);
  const code = await textedCode(t.deps, owner.user.id);
  expect((await save(owner.token, { smsPhone: NUMBER, smsOptIn: true, code })).code).toBe(0);
  return owner;
}

describe('/api/v1/user/sms', () => {
  it('answers 401 without a token', async () => {
    const set = await callEndpointLoosely(t.app, setSmsSettings, { body: {} });
    const request = await callEndpointLoosely(t.app, requestSmsCode, { body: {} });
    expect([set.status, request.status]).toEqual([401, 401]);
  });

  it('answers code 4 for a number not in international form', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    for (const smsPhone of ['030 1234567', '+49 151 1234567', '+0151234567', '+49']) {
      const set = await callEndpointLoosely(t.app, setSmsSettings, {
        token,
        body: { smsPhone, smsOptIn: 'false' },
      });
      const request = await callEndpointLoosely(t.app, requestSmsCode, {
        token,
        body: { smsPhone },
      });
      for (const res of [set, request]) {
        expect(res.code).toBe(ErrorCode.validation);
        expect(res.data).toMatchObject({
          fields: [{ field: 'smsPhone', message: 'validation.smsPhone' }],
        });
      }
    }
    expect((await storedSms(user.id)).sms_phone).toBeNull();
  });

  it('answers code 4 for an opt-in without a number', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const res = await save(token, { smsPhone: '', smsOptIn: true });
    expect(res.code).toBe(ErrorCode.validation);
    expect((await storedSms(user.id)).sms_opt_in).toBe(false);
  });

  it('stores a number without a code while opted out, unconfirmed', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const res = await save(token, { smsPhone: NUMBER, smsOptIn: false });
    expect(res.data).toMatchObject({ smsPhone: NUMBER, smsPhoneVerified: false, smsOptIn: false });
    expect((await storedSms(user.id)).sms_phone_verified_at).toBeNull();
  });

  it('texts a code for the number and keeps only its hash', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    expect((await sendCode(token, NUMBER)).code).toBe(0);
    const texts = await t.deps.db
      .selectFrom('sms_outbox')
      .select(['phone', 'purpose'])
      .where('user_id', '=', user.id)
      .execute();
    expect(texts).toEqual([{ phone: NUMBER, purpose: 'verification' }]);
    const code = await textedCode(t.deps, user.id);
    const stored = await t.deps.db
      .selectFrom('verification_codes')
      .select(['email', 'purpose', 'code_hash'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: NUMBER, purpose: 'sms' });
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('opts in only with the texted code (6 without one, 5 when wrong) and confirms the number', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    expect((await save(token, { smsPhone: NUMBER, smsOptIn: true })).code).toBe(
      ErrorCode.verificationCodeExpired,
    );
    await sendCode(token, NUMBER);
    const code = await textedCode(t.deps, user.id);
    const wrong = await save(token, { smsPhone: NUMBER, smsOptIn: true, code: wrongCode(code) });
    expect(wrong.code).toBe(ErrorCode.verificationCodeError);
    expect((await storedSms(user.id)).sms_opt_in).toBe(false);

    const res = await save(token, { smsPhone: NUMBER, smsOptIn: true, code });
    expect(res.data).toMatchObject({ smsPhone: NUMBER, smsPhoneVerified: true, smsOptIn: true });
    const profile = await callEndpoint(t.app, getProfile, { token });
    expect(profile.data.userid).toMatchObject({ smsPhoneVerified: true, smsOptIn: true });
  });

  it('answers 6 for an expired code', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    await sendCode(token, NUMBER);
    const code = await textedCode(t.deps, user.id);
    await t.deps.db
      .updateTable('verification_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    const res = await save(token, { smsPhone: NUMBER, smsOptIn: true, code });
    expect(res.code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('accepts a code only for exactly the number it was texted to', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    await sendCode(token, NUMBER);
    const code = await textedCode(t.deps, user.id);
    const res = await save(token, { smsPhone: OTHER_NUMBER, smsOptIn: true, code });
    expect(res.code).toBe(ErrorCode.verificationCodeExpired);
    expect(await storedSms(user.id)).toMatchObject({ sms_phone: null, sms_opt_in: false });
  });

  it("does not accept another account's code for the same number", async () => {
    const owner = await buildSignedInOwner(t.deps);
    const other = await buildSignedInOwner(t.deps);
    await sendCode(owner.token, NUMBER);
    const code = await textedCode(t.deps, owner.user.id);
    const res = await save(other.token, { smsPhone: NUMBER, smsOptIn: true, code });
    expect(res.code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('keeps the opt-in while the number stays; a changed number needs its own code', async () => {
    const { user, token } = await optedInOwner();
    expect((await save(token, { smsPhone: NUMBER, smsOptIn: false })).code).toBe(0);
    const again = await save(token, { smsPhone: NUMBER, smsOptIn: true });
    expect(again.data).toMatchObject({ smsPhoneVerified: true, smsOptIn: true });

    const changed = await save(token, { smsPhone: OTHER_NUMBER, smsOptIn: true });
    expect(changed.code).toBe(ErrorCode.verificationCodeExpired);
    expect((await storedSms(user.id)).sms_phone).toBe(NUMBER);

    await sendCode(token, OTHER_NUMBER);
    const code = await textedCode(t.deps, user.id);
    const confirmed = await save(token, { smsPhone: OTHER_NUMBER, smsOptIn: true, code });
    expect(confirmed.data).toMatchObject({
      smsPhone: OTHER_NUMBER,
      smsPhoneVerified: true,
      smsOptIn: true,
    });
  });

  it('unconfirms a changed number, and a used code does not confirm it again', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    await sendCode(token, NUMBER);
    const code = await textedCode(t.deps, user.id);
    expect((await save(token, { smsPhone: NUMBER, smsOptIn: true, code })).code).toBe(0);

    const changed = await save(token, { smsPhone: OTHER_NUMBER, smsOptIn: false });
    expect(changed.data).toMatchObject({ smsPhoneVerified: false, smsOptIn: false });
    const back = await save(token, { smsPhone: NUMBER, smsOptIn: true, code });
    expect(back.code).toBe(ErrorCode.verificationCodeExpired);
    expect(await storedSms(user.id)).toMatchObject({
      sms_phone: OTHER_NUMBER,
      sms_opt_in: false,
      sms_phone_verified_at: null,
    });
  });

  it('clears the number and the opt-in with an empty number', async () => {
    const { token } = await optedInOwner();
    const res = await save(token, { smsPhone: '', smsOptIn: false });
    expect(res.data).toMatchObject({ smsPhone: null, smsPhoneVerified: false, smsOptIn: false });
  });

  it('the database refuses an opt-in whose number is not confirmed', async () => {
    const { user } = await buildSignedInOwner(t.deps);
    const optIn = t.deps.db
      .updateTable('users')
      .set({ sms_phone: NUMBER, sms_opt_in: true })
      .where('id', '=', user.id)
      .execute();
    await expect(optIn).rejects.toThrow(/users_sms_opt_in_verified/);
  });

  it('no longer changes the SMS fields through the profile', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const res = await callEndpointLoosely(t.app, editUser, {
      params: { id: user.id },
      token,
      body: { smsPhone: NUMBER, smsOptIn: 'true' },
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('answers 109 after 5 code requests from one address', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) expect((await sendCode(token, NUMBER, ip)).code).toBe(0);
    expect((await sendCode(token, OTHER_NUMBER, ip)).code).toBe(ErrorCode.tooManyAttempts);
  });

  it('answers 109 once the daily texts are used up, and the earlier code stays valid', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    await sendCode(token, NUMBER);
    const code = await textedCode(t.deps, user.id);
    await t.deps.db
      .updateTable('sms_daily_counts')
      .set({ count: t.deps.config.SMS_DAILY_CAP })
      .where('user_id', '=', user.id)
      .execute();
    expect((await sendCode(token, NUMBER)).code).toBe(ErrorCode.tooManyAttempts);
    const codes = await t.deps.db
      .selectFrom('verification_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(1);
    expect((await save(token, { smsPhone: NUMBER, smsOptIn: true, code })).code).toBe(0);
  });
});
