import {
  ErrorCode,
  issueToken,
  registerPasskey,
  removePasskey,
  secondFactorChallenge,
  secondFactorStatus,
  startPasskeyRegistration,
} from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildUser, TEST_PASSWORD, tokenFor } from '../test/factories.js';
import { SoftwareAuthenticator } from '../test/fixtures/software-authenticator.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { hasSecondFactor } from '../auth/second-factor-policy.js';
import { WebauthnChallenges } from './webauthn-challenges.js';

const ORIGIN = 'https://portal.example.com';
const PAGE = { origin: ORIGIN };

let t: TestApp;
const holdsSecondFactor = async (userId: number) =>
  (
    await t.deps.db
      .selectFrom('users')
      .select((eb) => hasSecondFactor(eb).as('held'))
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).held;

beforeAll(async () => {
  t = await buildTestApp();
});

function signInWith(email: string, proof: { webauthn?: string; remember_device?: 'true' } = {}) {
  return callEndpoint(t.app, issueToken, {
    body: { grant_type: 'password', username: email, password: TEST_PASSWORD, ...proof },
    headers: PAGE,
  });
}

/** The passkey options of the 110 answer a password alone gets. */
async function signInOptions(email: string) {
  const asked = await signInWith(email);
  expect(asked.code).toBe(ErrorCode.secondFactorRequired);
  const { passkey } = secondFactorChallenge.parse(asked.raw.json<{ data: unknown }>().data);
  if (!passkey) throw new Error('no passkey options in the 110 answer');
  return passkey;
}

/** A user with one passkey registered from `ORIGIN` by a software authenticator. */
async function userWithPasskey() {
  const user = await buildUser(t.deps);
  const token = await tokenFor(t.deps, user.id);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = await callEndpoint(t.app, startPasskeyRegistration, { token, headers: PAGE });
  const registered = await callEndpoint(t.app, registerPasskey, {
    token,
    headers: PAGE,
    body: { name: 'Work laptop', response: authenticator.create(options.data) },
  });
  expect(registered.code).toBe(0);
  return { user, token, authenticator, passkeyId: registered.data.id };
}

describe('registering a passkey', () => {
  it('needs a session', async () => {
    expect((await callEndpoint(t.app, startPasskeyRegistration)).status).toBe(401);
    expect((await callEndpoint(t.app, removePasskey, { params: { id: 1 } })).status).toBe(401);
  });

  it('makes options for the page’s host and lists the passkey once verified', async () => {
    const user = await buildUser(t.deps);
    const token = await tokenFor(t.deps, user.id);
    const options = await callEndpoint(t.app, startPasskeyRegistration, { token, headers: PAGE });
    expect(options.data.rp.id).toBe('portal.example.com');
    expect(options.data.user.name).toBe(user.email);
    expect(await holdsSecondFactor(user.id)).toBe(false);

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const response = authenticator.create(options.data);
    const body = { name: 'Work laptop', response };
    const registered = await callEndpoint(t.app, registerPasskey, { token, headers: PAGE, body });
    expect(registered.data).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    // The challenge was taken by the first answer.
    const again = await callEndpoint(t.app, registerPasskey, { token, headers: PAGE, body });
    expect(again.code).toBe(ErrorCode.passkeyChallengeExpired);

    const status = await callEndpoint(t.app, secondFactorStatus, { token });
    expect(status.data.totp).toBe(false);
    expect(status.data.passkeys.map((passkey) => passkey.name)).toEqual(['Work laptop']);
    expect(await holdsSecondFactor(user.id)).toBe(true);
  });

  it('refuses an answer made for another origin', async () => {
    const user = await buildUser(t.deps);
    const token = await tokenFor(t.deps, user.id);
    const options = await callEndpoint(t.app, startPasskeyRegistration, { token, headers: PAGE });
    const phished = new SoftwareAuthenticator('https://portal.example.com.evil.test');
    const registered = await callEndpoint(t.app, registerPasskey, {
      token,
      headers: PAGE,
      body: { name: 'Phone', response: phished.create(options.data) },
    });
    expect(registered.code).toBe(ErrorCode.passkeyRejected);
  });
});

describe('signing in with a passkey', () => {
  it('offers the passkey after the right password and passes its answer once', async () => {
    const { user, token, authenticator } = await userWithPasskey();
    const options = await signInOptions(user.email);
    expect(options.rpId).toBe('portal.example.com');
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      authenticator.id,
    ]);

    const answer = JSON.stringify(authenticator.get(options));
    const signedIn = await signInWith(user.email, { webauthn: answer });
    expect(signedIn.code).toBe(0);
    expect(signedIn.data.access_token).toBeTruthy();
    const [passkey] = (await callEndpoint(t.app, secondFactorStatus, { token })).data.passkeys;
    expect(passkey?.lastUsedAt).not.toBeNull();
    // A replayed answer finds its challenge spent.
    expect((await signInWith(user.email, { webauthn: answer })).code).toBe(
      ErrorCode.passkeyChallengeExpired,
    );
  });

  it('refuses a signature counter that did not grow (a cloned authenticator)', async () => {
    const { user, authenticator } = await userWithPasskey();
    expect(
      (
        await signInWith(user.email, {
          webauthn: JSON.stringify(authenticator.get(await signInOptions(user.email))),
        })
      ).code,
    ).toBe(0);
    authenticator.signCount = 1;
    const cloned = JSON.stringify(authenticator.get(await signInOptions(user.email)));
    expect((await signInWith(user.email, { webauthn: cloned })).code).toBe(
      ErrorCode.passkeyRejected,
    );
  });

  it('takes no challenge of another account or of a registration', async () => {
    const first = await userWithPasskey();
    const second = await userWithPasskey();
    const othersOptions = await signInOptions(second.user.email);
    const answer = JSON.stringify(first.authenticator.get(othersOptions));
    expect((await signInWith(first.user.email, { webauthn: answer })).code).toBe(
      ErrorCode.passkeyChallengeExpired,
    );

    const registration = await callEndpoint(t.app, startPasskeyRegistration, {
      token: first.token,
      headers: PAGE,
    });
    const misused = first.authenticator.get({
      challenge: registration.data.challenge,
      rpId: 'portal.example.com',
    });
    expect((await signInWith(first.user.email, { webauthn: JSON.stringify(misused) })).code).toBe(
      ErrorCode.passkeyChallengeExpired,
    );
  });

  it('answers 110 again without a proof once the passkey is removed by its owner only', async () => {
    const { user, token, passkeyId } = await userWithPasskey();
    const stranger = await tokenFor(t.deps, (await buildUser(t.deps)).id);
    const foreign = await callEndpoint(t.app, removePasskey, {
      token: stranger,
      params: { id: passkeyId },
    });
    expect(foreign.code).toBe(ErrorCode.passkeyNotFound);
    expect((await signInWith(user.email)).code).toBe(ErrorCode.secondFactorRequired);

    const removed = await callEndpoint(t.app, removePasskey, { token, params: { id: passkeyId } });
    expect(removed.code).toBe(0);
    expect((await signInWith(user.email)).code).toBe(0);
  });

  it('refuses an answer that is not the JSON of an assertion (code 4)', async () => {
    const { user } = await userWithPasskey();
    expect((await signInWith(user.email, { webauthn: '{not json' })).code).toBe(
      ErrorCode.validation,
    );
    expect((await signInWith(user.email, { webauthn: '{"id":"x"}' })).code).toBe(
      ErrorCode.validation,
    );
  });
});

describe('passkey challenges', () => {
  it('are taken once, by their account and purpose, before they expire', async () => {
    const challenges = new WebauthnChallenges(t.deps.db);
    const user = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    await challenges.keep('challenge-once', user.id, 'sign_in');
    expect(await challenges.consume('challenge-once', other.id, 'sign_in')).toBe(false);
    expect(await challenges.consume('challenge-once', user.id, 'register')).toBe(false);
    expect(await challenges.consume('challenge-once', user.id, 'sign_in')).toBe(true);
    expect(await challenges.consume('challenge-once', user.id, 'sign_in')).toBe(false);

    await challenges.keep('challenge-late', user.id, 'sign_in');
    await sql`update webauthn_challenges set expires_at = now() - interval '1 second'
      where challenge = 'challenge-late'`.execute(t.deps.db);
    expect(await challenges.consume('challenge-late', user.id, 'sign_in')).toBe(false);
  });

  it('expire for the sign-in too: an answer after the lifetime is refused with 115', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await signInOptions(user.email);
    await sql`update webauthn_challenges set expires_at = now() - interval '1 second'
      where challenge = ${options.challenge}`.execute(t.deps.db);
    const late = JSON.stringify(authenticator.get(options));
    expect((await signInWith(user.email, { webauthn: late })).code).toBe(
      ErrorCode.passkeyChallengeExpired,
    );
  });
});
