import { checkCode as checkCodeEndpoint, ErrorCode, requestCode } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import {
  CODE_CHECK_PER_ACCOUNT_AND_ADDRESS,
  CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS,
  CODE_REQUESTS,
} from '../auth/attempt-limiter.js';
import type { Db } from '../db/database.js';
import { uniqueEmail } from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import {
  countOf,
  mailedCode,
  parallelAnswerCodes,
  uniqueIp,
  wrongCode,
} from '../test/fixtures/accounts.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const PARALLEL_ATTEMPTS = 200;
/** Wrong guesses after which a code is burnt, whatever the addresses. */
const GUESSES_PER_CODE = 5;

function getCode(email: string, ip: string) {
  return callEndpoint(t.app, requestCode, {
    query: { email, type: 'signup' },
    remoteAddress: ip,
  });
}

function checkCode(email: string, code: string, ip: string) {
  return callEndpoint(t.app, checkCodeEndpoint, {
    query: { email, code, type: 'signup' },
    remoteAddress: ip,
  });
}

async function failedChecks(email: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('verification_codes')
    .select('failed_checks')
    .where('email', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.failed_checks;
}

describe('verification code limits under concurrency', () => {
  it('sends at most the limit of 200 parallel code requests for one e-mail', async () => {
    const email = uniqueEmail('burst');
    const ip = uniqueIp();
    const codes = await parallelAnswerCodes(PARALLEL_ATTEMPTS, () => getCode(email, ip));
    expect(countOf(codes, 0)).toBe(CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.max);
    expect(countOf(codes, ErrorCode.tooManyAttempts)).toBe(
      PARALLEL_ATTEMPTS - CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.max,
    );
    const mails = await t.deps.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(mails.count)).toBe(CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.max);
  });

  it('compares at most the limit of 200 parallel wrong codes, then refuses the right one', async () => {
    const email = uniqueEmail('guess');
    const ip = uniqueIp();
    expect((await getCode(email, ip)).code).toBe(0);
    const code = await mailedCode(t.deps, email);
    const codes = await parallelAnswerCodes(PARALLEL_ATTEMPTS, () =>
      checkCode(email, wrongCode(code), ip),
    );
    expect(countOf(codes, ErrorCode.verificationCodeError)).toBe(
      CODE_CHECK_PER_ACCOUNT_AND_ADDRESS.max,
    );
    expect(countOf(codes, ErrorCode.tooManyAttempts)).toBe(
      PARALLEL_ATTEMPTS - CODE_CHECK_PER_ACCOUNT_AND_ADDRESS.max,
    );
    expect(await failedChecks(email)).toBe(CODE_CHECK_PER_ACCOUNT_AND_ADDRESS.max);
    expect((await checkCode(email, code, ip)).code).toBe(ErrorCode.tooManyAttempts);
  });

  it('compares at most 5 guesses of one code when they come from 200 addresses', async () => {
    const email = uniqueEmail('botnet');
    expect((await getCode(email, uniqueIp())).code).toBe(0);
    const code = await mailedCode(t.deps, email);
    const codes = await parallelAnswerCodes(PARALLEL_ATTEMPTS, () =>
      checkCode(email, wrongCode(code), uniqueIp()),
    );
    expect(countOf(codes, ErrorCode.verificationCodeError)).toBe(GUESSES_PER_CODE);
    expect(await failedChecks(email)).toBe(GUESSES_PER_CODE);
    expect((await checkCode(email, code, uniqueIp())).code).toBe(ErrorCode.verificationCodeExpired);
  });

  it('does not count a right code against the limit', async () => {
    const email = uniqueEmail('right');
    const ip = uniqueIp();
    expect((await getCode(email, ip)).code).toBe(0);
    const code = await mailedCode(t.deps, email);
    for (let i = 0; i < CODE_CHECK_PER_ACCOUNT_AND_ADDRESS.max + 1; i++) {
      expect((await checkCode(email, code, ip)).code).toBe(0);
    }
  });

  it('an attacker at another address cannot keep the owner from a new code and its check', async () => {
    const email = uniqueEmail('owner');
    const owner = uniqueIp();
    const attacker = uniqueIp();
    await parallelAnswerCodes(PARALLEL_ATTEMPTS, () => getCode(email, attacker));
    const guess = wrongCode(await mailedCode(t.deps, email));
    const guesses = await parallelAnswerCodes(PARALLEL_ATTEMPTS, () =>
      checkCode(email, guess, attacker),
    );
    expect(countOf(guesses, ErrorCode.verificationCodeError)).toBe(GUESSES_PER_CODE);
    expect((await getCode(email, owner)).code).toBe(0);
    expect((await checkCode(email, await mailedCode(t.deps, email), owner)).code).toBe(0);
  });

  it('answers a code request that PostgreSQL aborted to break a deadlock, by running it again', async () => {
    const email = uniqueEmail('deadlock');
    const ip = uniqueIp();
    // The first request creates the budget rows that the second one locks in turn.
    expect((await getCode(email, ip)).code).toBe(ErrorCode.ok);
    const lockBudget = (trx: Db, scope: string, subject: string) =>
      sql`SELECT 1 FROM auth_budgets WHERE scope = ${scope} AND subject LIKE ${subject}
        FOR UPDATE`.execute(trx);
    const { request } = await t.deps.db.transaction().execute(async (trx) => {
      await lockBudget(trx, CODE_REQUESTS.perSource.scope, ip);
      // The request takes its e-mail-and-address budget, then waits for the address budget.
      const request = getCode(email, ip);
      await waitForBudgetLockWaiter();
      // Waiting later than the request, this side is not the one PostgreSQL aborts.
      await sleep(200);
      await lockBudget(trx, CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.scope, `%|${ip}`);
      return { request };
    });
    const answer = await request;
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(ErrorCode.ok);
  });

  it('codes requested from many addresses slow a new address down to one code, not lock the e-mail', async () => {
    const email = uniqueEmail('reset');
    const attackers = Array.from({ length: 4 }, () => uniqueIp());
    const requests = await Promise.all(
      attackers.flatMap((ip) =>
        Array.from({ length: CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS.max }, () => getCode(email, ip)),
      ),
    );
    expect(
      countOf(
        requests.map((res) => res.code),
        0,
      ),
    ).toBe(CODE_REQUESTS.perSubject.max);
    const owner = uniqueIp();
    expect((await getCode(email, owner)).code).toBe(0);
    expect((await checkCode(email, await mailedCode(t.deps, email), owner)).code).toBe(0);
    expect((await getCode(email, owner)).code).toBe(ErrorCode.tooManyAttempts);
  });
});

async function waitForBudgetLockWaiter(): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND query LIKE '%auth_budgets%'`.execute(t.deps.db);
    if (Number(rows[0]?.n) > 0) return;
    await sleep(20);
  }
  throw new Error('the code request never waited for the budget lock');
}
