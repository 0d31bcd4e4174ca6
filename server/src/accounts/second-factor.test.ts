import {
  disableTotp,
  enableTotp,
  ErrorCode,
  issueToken,
  secondFactorStatus,
  startTotpSetup,
} from '@solar/contract';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildUser, TEST_PASSWORD, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

/** The authenticator app's code, `stepsAhead` 30-second steps from now. */
function codeOf(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

function signInWith(
  email: string,
  proof: { otp?: string; recovery_code?: string; remember_device?: 'true' } = {},
  deviceCookie?: string,
) {
  return callEndpoint(t.app, issueToken, {
    body: { grant_type: 'password', username: email, password: TEST_PASSWORD, ...proof },
    ...(deviceCookie ? { headers: { cookie: `device=${deviceCookie}` } } : {}),
  });
}

/** A user with an authenticator confirmed: its secret, recovery codes and token. */
async function userWithAuthenticator() {
  const user = await buildUser(t.deps);
  const token = await tokenFor(t.deps, user.id);
  const setup = await callEndpoint(t.app, startTotpSetup, { token });
  const { secret } = setup.data;
  const enabled = await callEndpoint(t.app, enableTotp, {
    token,
    body: { code: await codeOf(secret) },
  });
  return { user, token, secret, recoveryCodes: enabled.data.recoveryCodes };
}

describe('setting up an authenticator', () => {
  it('needs a session', async () => {
    expect((await callEndpoint(t.app, secondFactorStatus)).status).toBe(401);
    expect((await callEndpoint(t.app, startTotpSetup)).status).toBe(401);
  });

  it('is on only once confirmed with a right code, and answers ten recovery codes once', async () => {
    const user = await buildUser(t.deps);
    const token = await tokenFor(t.deps, user.id);
    const setup = await callEndpoint(t.app, startTotpSetup, { token });
    expect(setup.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.data.otpauthUrl).toContain(`secret=${setup.data.secret}`);
    expect((await callEndpoint(t.app, secondFactorStatus, { token })).data.totp).toBe(false);

    const wrongCode = (await codeOf(setup.data.secret)) === '000000' ? '111111' : '000000';
    const wrong = await callEndpoint(t.app, enableTotp, { token, body: { code: wrongCode } });
    expect(wrong.code).toBe(ErrorCode.secondFactorWrong);

    const enabled = await callEndpoint(t.app, enableTotp, {
      token,
      body: { code: await codeOf(setup.data.secret) },
    });
    expect(enabled.data.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.data.recoveryCodes).size).toBe(10);
    expect((await callEndpoint(t.app, secondFactorStatus, { token })).data).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      passkeys: [],
    });
    expect((await callEndpoint(t.app, startTotpSetup, { token })).code).toBe(
      ErrorCode.secondFactorEnabled,
    );
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the right password, and takes each code once', async () => {
    const { user, secret } = await userWithAuthenticator();
    expect((await signInWith(user.email)).code).toBe(ErrorCode.secondFactorRequired);
    expect((await signInWith(user.email, { otp: '12345x' })).code).toBe(ErrorCode.validation);

    const next = await codeOf(secret, 1);
    const signedIn = await signInWith(user.email, { otp: next });
    expect(signedIn.code).toBe(0);
    expect(signedIn.data.access_token).toBeTruthy();
    // The code of the enabling step and a used code never pass again.
    expect((await signInWith(user.email, { otp: next })).code).toBe(ErrorCode.secondFactorWrong);
    expect((await signInWith(user.email, { otp: await codeOf(secret) })).code).toBe(
      ErrorCode.secondFactorWrong,
    );
  });

  it('still asks a wrong password 102, never revealing the second factor', async () => {
    const { user, secret } = await userWithAuthenticator();
    const res = await callEndpoint(t.app, issueToken, {
      body: {
        grant_type: 'password',
        username: user.email,
        password: 'Wrong1234',
        otp: await codeOf(secret, 1),
      },
    });
    expect(res.code).toBe(ErrorCode.wrongCredentials);
  });

  it('takes a recovery code once, and remembers the browser for 30 days when asked', async () => {
    const { user, token, recoveryCodes } = await userWithAuthenticator();
    const [first] = recoveryCodes;
    const remembered = await signInWith(user.email, {
      recovery_code: first!.toLowerCase(),
      remember_device: 'true',
    });
    expect(remembered.code).toBe(0);
    expect((await signInWith(user.email, { recovery_code: first! })).code).toBe(
      ErrorCode.secondFactorWrong,
    );
    expect((await callEndpoint(t.app, secondFactorStatus, { token })).data.recoveryCodesLeft).toBe(
      9,
    );

    const deviceCookie = remembered.raw.cookies.find((c) => c.name === 'device')?.value;
    expect(deviceCookie).toBeTruthy();
    expect((await signInWith(user.email, {}, deviceCookie)).code).toBe(0);
    // Another browser still needs the code.
    expect((await signInWith(user.email)).code).toBe(ErrorCode.secondFactorRequired);
  });

  it('is turned off only with the current password', async () => {
    const { user, token } = await userWithAuthenticator();
    const wrong = await callEndpoint(t.app, disableTotp, {
      token,
      body: { password: 'Wrong1234' },
    });
    expect(wrong.code).toBe(ErrorCode.oldPasswordError);
    expect((await signInWith(user.email)).code).toBe(ErrorCode.secondFactorRequired);

    const off = await callEndpoint(t.app, disableTotp, {
      token,
      body: { password: TEST_PASSWORD },
    });
    expect(off.code).toBe(0);
    expect((await signInWith(user.email)).code).toBe(0);
  });
});
