import { ErrorCode, requestSmsCode, setSmsSettings } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countOf,
  parallelAnswerCodes,
  uniqueIp,
  wrongCode,
} from '../test/fixtures/accounts.factories.js';
import {
  CODE_CHECK_PER_ACCOUNT_AND_ADDRESS,
  CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS,
} from '../auth/attempt-limiter.js';
import { buildSignedInOwner } from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { textedCode } from '../test/fixtures/sms.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const PARALLEL_ATTEMPTS = 50;
/** Wrong guesses after which a code is burnt, whatever the addresses. */
const GUESSES_PER_CODE = 5;
const NUMBER = '+4915112345678';

function sendCode(token: string, ip: string) {
  return callEndpoint(t.app, requestSmsCode, {
    token,
    body: { smsPhone: NUMBER },
    remoteAddress: ip,
  });
}

function optIn(token: string, code: string, ip: string) {
  return callEndpoint(t.app, setSmsSettings, {
    token,
    body: { smsPhone: NUMBER, smsOptIn: true, code },
    remoteAddress: ip,
  });
}

async function failedChecks(userId: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('verification_codes')
    .select('failed_checks')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.failed_checks;
}

describe('SMS verification limits under concurrency', () => {
  it('texts at most the limit of 50 parallel code requests', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const ip = uniqueIp();
    const codes = await parallelAnswerCodes(PARALLEL_ATTEMPTS, () => sendCode(token, ip));
    expect(countOf(codes, 0)).toBe(CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.max);
    expect(countOf(codes, ErrorCode.tooManyAttempts)).toBe(
      PARALLEL_ATTEMPTS - CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.max,
    );
    const texts = await t.deps.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(texts).toHaveLength(CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.max);
  });

  it('compares at most the limit of 50 parallel wrong codes, then refuses the right one', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const ip = uniqueIp();
    expect((await sendCode(token, ip)).code).toBe(0);
    const code = await textedCode(t.deps, user.id);
    const codes = await parallelAnswerCodes(PARALLEL_ATTEMPTS, () =>
      optIn(token, wrongCode(code), ip),
    );
    expect(countOf(codes, ErrorCode.verificationCodeError)).toBe(
      CODE_CHECK_PER_ACCOUNT_AND_ADDRESS.max,
    );
    expect(countOf(codes, ErrorCode.tooManyAttempts)).toBe(
      PARALLEL_ATTEMPTS - CODE_CHECK_PER_ACCOUNT_AND_ADDRESS.max,
    );
    expect(await failedChecks(user.id)).toBe(CODE_CHECK_PER_ACCOUNT_AND_ADDRESS.max);
    expect((await optIn(token, code, ip)).code).toBe(ErrorCode.tooManyAttempts);
  });

  it('compares at most 5 guesses of one code when they come from 50 addresses', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    expect((await sendCode(token, uniqueIp())).code).toBe(0);
    const code = await textedCode(t.deps, user.id);
    const codes = await parallelAnswerCodes(PARALLEL_ATTEMPTS, () =>
      optIn(token, wrongCode(code), uniqueIp()),
    );
    expect(countOf(codes, ErrorCode.verificationCodeError)).toBe(GUESSES_PER_CODE);
    expect(await failedChecks(user.id)).toBe(GUESSES_PER_CODE);
    expect((await optIn(token, code, uniqueIp())).code).toBe(ErrorCode.verificationCodeExpired);
    const stored = await t.deps.db
      .selectFrom('users')
      .select('sms_opt_in')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.sms_opt_in).toBe(false);
  });
});
