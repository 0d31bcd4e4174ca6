import { ErrorCode, ingestData } from '@solar/contract';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { IngestionPipeline } from '../../ingestion/ingestion-pipeline.js';
import {
  buildPlantWithDatalogger,
  type PlantWithDatalogger,
  uniqueSerial,
} from '../fixtures/ingestion.factories.js';
import { buildIngestionTestApp, type IngestionTestApp } from '../ingestion-test-app.js';

/**
 * Vendor values as a datalogger might send them, hostile ones included (deep nesting, many
 * keys, huge texts and arrays), through both transports of a real datalogger: no answer is
 * HTTP 5xx, no MQTT message throws, and each is stored, set aside or refused as invalid.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const GENERATED = 60;

let t: IngestionTestApp;
let plant: PlantWithDatalogger;

beforeAll(async () => {
  t = await buildIngestionTestApp();
  plant = await buildPlantWithDatalogger(t.deps);
});

const nestedText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const manyKeys = (n: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));

/** JSON texts of one vendor value: generated ones and the hostile shapes a probe sent. */
function vendorValueTexts(): string[] {
  const generated = fc.sample(
    fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
    { seed: SEED, numRuns: GENERATED },
  );
  return [
    ...generated,
    nestedText(5000),
    nestedText(100_000),
    manyKeys(10_000),
    JSON.stringify('x'.repeat(1_000_000)),
    JSON.stringify(Array.from({ length: 100_000 }, () => 1)),
    JSON.stringify({ ['k'.repeat(10_000)]: 1 }),
  ];
}

function bodyWith(valueText: string, minute: number): string {
  const ts = new Date(Date.UTC(2026, 5, 1, 10, minute)).toISOString();
  return `{"ts":"${ts}","devices":[{"sn":"${uniqueSerial('INV')}","kind":"inverter","values":{"pac_w":1,"vendor":${valueText}}}]}`;
}

it('stores, sets aside or refuses every vendor value over HTTP and MQTT, never failing', async () => {
  const pipeline = new IngestionPipeline(t.service, t.deps.logger);
  const problems: string[] = [];
  for (const [index, valueText] of vendorValueTexts().entries()) {
    const body = bodyWith(valueText, index);
    const response = await t.app.inject({
      method: 'POST',
      url: ingestData.path,
      headers: {
        'content-type': 'application/json',
        'x-datalogger-sn': plant.datalogger.sn,
        'x-datalogger-key': plant.datalogger.registrationKey,
      },
      payload: body,
    });
    const code =
      response.statusCode < 500 ? (response.json<{ code: number }>().code as number) : -1;
    if (code !== ErrorCode.ok && code !== ErrorCode.validation)
      problems.push(`HTTP ${response.statusCode} code ${code}: ${valueText.slice(0, 80)}`);
    const outcome = await pipeline
      .submit({ sn: plant.datalogger.sn, payload: Buffer.from(body), requireKey: false })
      .catch((error: unknown) => ({ kind: `thrown ${String(error)}` }));
    if (!['stored', 'quarantined', 'rejected'].includes(outcome.kind))
      problems.push(`MQTT ${outcome.kind}: ${valueText.slice(0, 80)}`);
  }
  await pipeline.stop();
  expect(problems, `seed ${SEED}`).toEqual([]);
}, 120_000);
