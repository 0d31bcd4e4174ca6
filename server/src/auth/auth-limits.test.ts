import { ErrorCode, issueToken } from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from '../test/fixtures/accounts.factories.js';
import { buildUser, TEST_PASSWORD, uniqueEmail } from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import {
  type Budget,
  budget,
  LOGIN_GUESSES,
  LOGIN_PER_ACCOUNT_AND_ADDRESS,
} from './attempt-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const WRONG_PASSWORD = 'Wrong1234';
const PARALLEL_ATTEMPTS = 1000;

function signInFrom(ip: string, username: string, password: string, deviceCookie?: string) {
  return callEndpoint(t.app, issueToken, {
    body: { grant_type: 'password', username, password },
    remoteAddress: ip,
    ...(deviceCookie ? { headers: { cookie: `device=${deviceCookie}` } } : {}),
  });
}

async function codesOf(attempts: Promise<{ code: number }>[]): Promise<number[]> {
  return (await Promise.all(attempts)).map((res) => res.code);
}

function countOf(codes: number[], code: number): number {
  return codes.filter((c) => c === code).length;
}

/** Stands for earlier failed attempts, so a test need not hash a password for each of them. */
async function spend({ limit, subject }: Budget, used: number): Promise<void> {
  await t.deps.db
    .insertInto('auth_budgets')
    .values({
      scope: limit.scope,
      subject,
      used,
      window_ends_at: sql<Date>`now() + make_interval(mins => ${limit.windowMinutes})`,
    })
    .execute();
}

/** The device cookie the owner's browser got at a sign-in from `ip`. */
async function ownerDevice(ip: string, email: string): Promise<string> {
  const res = await signInFrom(ip, email, TEST_PASSWORD);
  expect(res.code).toBe(0);
  const cookie = res.raw.cookies.find((c) => c.name === 'device');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/oauth/token' });
  return cookie?.value ?? '';
}

describe('sign-in limits under concurrency', () => {
  it('evaluates at most the limit of 1,000 parallel wrong passwords and then refuses the right one', async () => {
    const user = await buildUser(t.deps);
    const ip = uniqueIp();
    const codes = await codesOf(
      Array.from({ length: PARALLEL_ATTEMPTS }, () => signInFrom(ip, user.email, WRONG_PASSWORD)),
    );
    expect(countOf(codes, ErrorCode.wrongCredentials)).toBe(LOGIN_PER_ACCOUNT_AND_ADDRESS.max);
    expect(countOf(codes, ErrorCode.tooManyAttempts)).toBe(
      PARALLEL_ATTEMPTS - LOGIN_PER_ACCOUNT_AND_ADDRESS.max,
    );
    expect((await signInFrom(ip, user.email, TEST_PASSWORD)).code).toBe(ErrorCode.tooManyAttempts);
  });

  it('lets the right password through when it is within the limit, and forgives earlier typos', async () => {
    const user = await buildUser(t.deps);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_PER_ACCOUNT_AND_ADDRESS.max - 1; i++) {
      expect((await signInFrom(ip, user.email, WRONG_PASSWORD)).code).toBe(
        ErrorCode.wrongCredentials,
      );
    }
    expect((await signInFrom(ip, user.email, TEST_PASSWORD)).code).toBe(0);
    expect((await signInFrom(ip, user.email, WRONG_PASSWORD)).code).toBe(
      ErrorCode.wrongCredentials,
    );
  });

  it('limits one address across accounts', async () => {
    const ip = uniqueIp();
    const left = 3;
    await spend(budget(LOGIN_GUESSES.perSource, ip), LOGIN_GUESSES.perSource.max - left);
    const codes = await codesOf(
      Array.from({ length: 20 }, () => signInFrom(ip, uniqueEmail('spray'), WRONG_PASSWORD)),
    );
    expect(countOf(codes, ErrorCode.wrongCredentials)).toBe(left);
    expect(countOf(codes, ErrorCode.tooManyAttempts)).toBe(20 - left);
  });
});

describe('lockout is not a denial of service', () => {
  it("an attacker at another address cannot lock the owner out from the owner's address", async () => {
    const user = await buildUser(t.deps);
    const attacker = uniqueIp();
    await codesOf(
      Array.from({ length: 20 }, () => signInFrom(attacker, user.email, WRONG_PASSWORD)),
    );
    expect((await signInFrom(attacker, user.email, TEST_PASSWORD)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
    expect((await signInFrom(uniqueIp(), user.email, TEST_PASSWORD)).code).toBe(0);
  });

  it('50 wrong passwords from 10 addresses leave the owner signing in from a known device and address', async () => {
    const user = await buildUser(t.deps);
    const home = uniqueIp();
    const device = await ownerDevice(home, user.email);
    const attackers = Array.from({ length: 10 }, () => uniqueIp());
    const codes = await codesOf(
      attackers.flatMap((ip) =>
        Array.from({ length: LOGIN_PER_ACCOUNT_AND_ADDRESS.max }, () =>
          signInFrom(ip, user.email, WRONG_PASSWORD),
        ),
      ),
    );
    expect(countOf(codes, ErrorCode.wrongCredentials)).toBe(LOGIN_GUESSES.perSubject.max);
    expect((await signInFrom(home, user.email, TEST_PASSWORD)).code).toBe(0);
    expect((await signInFrom(uniqueIp(), user.email, TEST_PASSWORD, device)).code).toBe(0);
  });

  it('under attack, a new address is slowed down to one guess, not locked out', async () => {
    const user = await buildUser(t.deps);
    await spend(budget(LOGIN_GUESSES.perSubject, user.email), LOGIN_GUESSES.perSubject.max);
    const attacker = uniqueIp();
    expect((await signInFrom(attacker, user.email, WRONG_PASSWORD)).code).toBe(
      ErrorCode.wrongCredentials,
    );
    expect((await signInFrom(attacker, user.email, TEST_PASSWORD)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
    expect((await signInFrom(uniqueIp(), user.email, TEST_PASSWORD)).code).toBe(0);
  });

  it('a device cookie the account never signed in with is just another new address', async () => {
    const user = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const othersDevice = await ownerDevice(uniqueIp(), other.email);
    await spend(budget(LOGIN_GUESSES.perSubject, user.email), LOGIN_GUESSES.perSubject.max);
    const attacker = uniqueIp();
    const forged = 'x'.repeat(43);
    for (const cookie of [othersDevice, forged]) {
      await signInFrom(attacker, user.email, WRONG_PASSWORD, cookie);
    }
    expect((await signInFrom(attacker, user.email, TEST_PASSWORD, othersDevice)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
  });

  it('a known device has its own budget, which guesses from elsewhere do not spend', async () => {
    const user = await buildUser(t.deps);
    const device = await ownerDevice(uniqueIp(), user.email);
    const attacker = uniqueIp();
    await codesOf(
      Array.from({ length: 20 }, () => signInFrom(attacker, user.email, WRONG_PASSWORD)),
    );
    const typos = Array.from({ length: LOGIN_PER_ACCOUNT_AND_ADDRESS.max }, () =>
      signInFrom(attacker, user.email, WRONG_PASSWORD, device),
    );
    expect(countOf(await codesOf(typos), ErrorCode.wrongCredentials)).toBe(
      LOGIN_PER_ACCOUNT_AND_ADDRESS.max,
    );
    expect((await signInFrom(attacker, user.email, TEST_PASSWORD, device)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
  });
});

describe('a disabled account', () => {
  it('answers 101 alike for the right and a wrong password', async () => {
    const user = await buildUser(t.deps, { isEnabled: false });
    const ip = uniqueIp();
    const right = await signInFrom(ip, user.email, TEST_PASSWORD);
    const wrong = await signInFrom(ip, user.email, WRONG_PASSWORD);
    expect([right.code, right.msg]).toEqual([ErrorCode.accountDisabled, wrong.msg]);
    expect(wrong.code).toBe(ErrorCode.accountDisabled);
  });

  it('counts every attempt, so the limit cannot tell a right password either', async () => {
    const user = await buildUser(t.deps, { isEnabled: false });
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_PER_ACCOUNT_AND_ADDRESS.max; i++) {
      const password = i % 2 === 0 ? TEST_PASSWORD : WRONG_PASSWORD;
      expect((await signInFrom(ip, user.email, password)).code).toBe(ErrorCode.accountDisabled);
    }
    expect((await signInFrom(ip, user.email, TEST_PASSWORD)).code).toBe(ErrorCode.tooManyAttempts);
    expect((await signInFrom(ip, user.email, WRONG_PASSWORD)).code).toBe(ErrorCode.tooManyAttempts);
  });
});

describe('addresses behind a proxy', () => {
  const PROXY = '192.0.2.10';
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await buildTestApp({ TRUST_PROXY: PROXY });
  });

  function signInVia(socket: string, forwardedFor: string, username: string, password: string) {
    return callEndpoint(behindProxy.app, issueToken, {
      body: { grant_type: 'password', username, password },
      remoteAddress: socket,
      headers: { 'x-forwarded-for': forwardedFor },
    });
  }

  it('ignores X-Forwarded-For from a socket that is not a configured proxy', async () => {
    const user = await buildUser(behindProxy.deps);
    const socket = uniqueIp();
    for (let i = 0; i < LOGIN_PER_ACCOUNT_AND_ADDRESS.max; i++) {
      expect((await signInVia(socket, uniqueIp(), user.email, WRONG_PASSWORD)).code).toBe(
        ErrorCode.wrongCredentials,
      );
    }
    expect((await signInVia(socket, uniqueIp(), user.email, TEST_PASSWORD)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
  });

  it('counts the forwarded client of a configured proxy, not the proxy', async () => {
    const user = await buildUser(behindProxy.deps);
    const attacker = uniqueIp();
    for (let i = 0; i < LOGIN_PER_ACCOUNT_AND_ADDRESS.max; i++) {
      await signInVia(PROXY, attacker, user.email, WRONG_PASSWORD);
    }
    expect((await signInVia(PROXY, attacker, user.email, TEST_PASSWORD)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
    expect((await signInVia(PROXY, uniqueIp(), user.email, TEST_PASSWORD)).code).toBe(0);
  });
});
