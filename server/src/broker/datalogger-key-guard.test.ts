import { ErrorCode, ingestData } from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from '../test/fixtures/accounts.factories.js';
import {
  buildPlantWithDatalogger,
  inverterRecord,
  type PlantWithDatalogger,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { DATALOGGER_KEY_GUESSES } from './datalogger-key-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const PARALLEL_GUESSES = 1000;

function upload(plant: PlantWithDatalogger, key: string, ip: string) {
  return callEndpoint(t.app, ingestData, {
    headers: { 'x-datalogger-sn': plant.datalogger.sn, 'x-datalogger-key': key },
    body: inverterRecord(new Date().toISOString(), uniqueSerial('INV'), { pac_w: 1 }),
    remoteAddress: ip,
  });
}

/** A datalogger that uploaded from its own address once, so that address is known. */
async function dataloggerAtHome(): Promise<{ plant: PlantWithDatalogger; home: string }> {
  const plant = await buildPlantWithDatalogger(t.deps);
  const home = uniqueIp();
  expect((await upload(plant, plant.datalogger.registrationKey, home)).code).toBe(0);
  return { plant, home };
}

describe('HTTP upload key guessing', () => {
  // Over HTTP, 999 wrong keys and then the right one were all answered.
  it('evaluates at most the budget of 1,000 parallel guesses, and the datalogger keeps uploading from its address', async () => {
    const { plant, home } = await dataloggerAtHome();
    const attacker = uniqueIp();
    const codes = (
      await Promise.all(
        Array.from({ length: PARALLEL_GUESSES }, (_, i) => upload(plant, `guess-${i}`, attacker)),
      )
    ).map((res) => res.code);
    const budget = DATALOGGER_KEY_GUESSES.perSubjectAndSource.max;
    expect(codes.filter((code) => code === ErrorCode.dataloggerCredentials)).toHaveLength(budget);
    expect(codes.filter((code) => code === ErrorCode.tooManyAttempts)).toHaveLength(
      PARALLEL_GUESSES - budget,
    );
    expect((await upload(plant, plant.datalogger.registrationKey, attacker)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
    expect((await upload(plant, plant.datalogger.registrationKey, home)).code).toBe(0);
  }, 60_000);

  it('under attack from many addresses, slows a new address down to one guess and never refuses the known one', async () => {
    const { plant, home } = await dataloggerAtHome();
    const limit = DATALOGGER_KEY_GUESSES.perSubject;
    await t.deps.db
      .insertInto('auth_budgets')
      .values({
        scope: limit.scope,
        subject: plant.datalogger.sn.toLowerCase(),
        used: limit.max,
        window_ends_at: sql<Date>`now() + make_interval(mins => ${limit.windowMinutes})`,
      })
      .onConflict((conflict) =>
        conflict.columns(['scope', 'subject']).doUpdateSet({ used: limit.max }),
      )
      .execute();
    const stranger = uniqueIp();
    expect((await upload(plant, 'guess', stranger)).code).toBe(ErrorCode.dataloggerCredentials);
    expect((await upload(plant, plant.datalogger.registrationKey, stranger)).code).toBe(
      ErrorCode.tooManyAttempts,
    );
    expect((await upload(plant, plant.datalogger.registrationKey, home)).code).toBe(0);
    expect((await upload(plant, plant.datalogger.registrationKey, uniqueIp())).code).toBe(0);
  });
});
