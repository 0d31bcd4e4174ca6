import {
  deleteQuarantinedMessage,
  ErrorCode,
  ingestData,
  quarantinedMessages,
  reingestQuarantinedMessage,
} from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import {
  buildPlantWithDatalogger,
  deviceIdOf,
  inverterRecord,
  type PlantWithDatalogger,
  sampleCount,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { refusingTriggerSql } from '../test/fixtures/refusing-trigger.js';
import { buildIngestionTestApp, type IngestionTestApp } from '../test/ingestion-test-app.js';
import { DEFAULT_GROUP_COMMIT, IngestionPipeline } from './ingestion-pipeline.js';
import { applicationAckOf, type IngestOutcome } from './ingestion-service.js';

let t: IngestionTestApp;
let adminToken: string;

/** A reading carrying this vendor value passes validation; the database refuses to store it. */
const POISON_KEY = 'test_refused_by_database';

/** The database refuses readings that carry POISON_KEY, or (`fixed`) takes them. */
function refusePoison(fixed = false) {
  return sql.raw(refusingTriggerSql(POISON_KEY, !fixed)).execute(t.deps.db);
}

beforeAll(async () => {
  t = await buildIngestionTestApp();
  adminToken = await tokenFor(t.deps, (await buildUser(t.deps, { kind: 'platform_admin' })).id);
  await refusePoison();
});

function messageOf(plant: PlantWithDatalogger, body: unknown) {
  return { sn: plant.datalogger.sn, payload: Buffer.from(JSON.stringify(body)), requireKey: false };
}

function poisonRecord(ts: string) {
  return inverterRecord(ts, uniqueSerial('INV'), { pac_w: 1, [POISON_KEY]: true });
}

async function quarantinedOf(sn: string) {
  return t.deps.db
    .selectFrom('ingestion_quarantine')
    .select(['id', 'reason', 'times_seen', 'transport'])
    .where('datalogger_sn', '=', sn)
    .execute();
}

/** A value nested `depth` levels deep, as a JSON text (JSON.stringify itself throws on it). */
function deeplyNested(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

describe('a message storage refuses', () => {
  it('is set aside while the 999 others of its group from 200 dataloggers commit', async () => {
    const owner = await buildUser(t.deps, { kind: 'owner' });
    const plants: PlantWithDatalogger[] = [];
    for (let i = 0; i < 200; i += 1)
      plants.push(await buildPlantWithDatalogger(t.deps, { ownerId: owner.id }));
    const inverters = plants.map(() => uniqueSerial('INV'));
    const pipeline = new IngestionPipeline(t.service, t.deps.logger, {
      ...DEFAULT_GROUP_COMMIT,
      lingerMs: 50,
    });
    const poisonAt = 137;
    const poisonTs = '2026-05-05T10:02:00Z';
    const submitted = Array.from({ length: 1000 }, (_, i) => {
      const p = i % 200;
      const ts = new Date(Date.UTC(2026, 4, 5, 10, Math.floor(i / 200))).toISOString();
      const body =
        i === poisonAt ? poisonRecord(poisonTs) : inverterRecord(ts, inverters[p]!, { pac_w: i });
      return pipeline.submit(messageOf(plants[p]!, body));
    });
    const outcomes = await Promise.all(submitted);
    await pipeline.stop();

    expect(outcomes.filter((o) => o.kind === 'stored')).toHaveLength(999);
    expect(outcomes[poisonAt]).toEqual<IngestOutcome>({
      kind: 'quarantined',
      sn: plants[poisonAt % 200]!.datalogger.sn,
      refused: [{ ts: poisonTs, reason: 'quarantined' }],
    });
    const stored = await Promise.all(
      inverters.map(async (sn) => sampleCount(t.deps, [await deviceIdOf(t.deps, sn)])),
    );
    expect(stored.reduce((sum, n) => sum + n, 0)).toBe(999);
    const [row] = await quarantinedOf(plants[poisonAt % 200]!.datalogger.sn);
    expect(row).toMatchObject({ transport: 'mqtt', times_seen: 1 });
    expect(row!.reason).toMatch(/^23514 /);
  });

  it('is answered as refused on the ack topic and counted once however often it is sent', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const pipeline = new IngestionPipeline(t.service, t.deps.logger);
    const poison = messageOf(plant, poisonRecord('2026-05-05T11:00:00Z'));
    const first = await pipeline.submit(poison);
    await pipeline.submit(poison);
    await pipeline.stop();
    expect(JSON.parse(applicationAckOf(first)!.payload)).toEqual({
      ts: [],
      refused: [{ ts: '2026-05-05T11:00:00Z', reason: 'quarantined' }],
    });
    expect(await quarantinedOf(plant.datalogger.sn)).toEqual([
      expect.objectContaining({ times_seen: 2 }),
    ]);
  });

  it('over HTTP is answered as refused, and a deeply nested value as invalid, never 500', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const headers = {
      'x-datalogger-sn': plant.datalogger.sn,
      'x-datalogger-key': plant.datalogger.registrationKey,
    };
    const poison = await callEndpoint(t.app, ingestData, {
      headers,
      body: poisonRecord('2026-05-05T12:00:00Z'),
    });
    expect(poison.status).toBe(200);
    expect(poison.data).toEqual({
      ts: [],
      refused: [{ ts: '2026-05-05T12:00:00Z', reason: 'quarantined' }],
    });
    expect(await quarantinedOf(plant.datalogger.sn)).toEqual([
      expect.objectContaining({ transport: 'http' }),
    ]);

    const nested = `{"ts":"2026-05-05T12:05:00Z","devices":[{"sn":"INV1","kind":"inverter","values":{"x":${deeplyNested(5000)}}}]}`;
    const response = await t.app.inject({
      method: 'POST',
      url: ingestData.path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: nested,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ErrorCode.validation });
  });

  it('refuses a deeply nested value over MQTT as invalid, before storage', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const pipeline = new IngestionPipeline(t.service, t.deps.logger);
    const nested = `{"ts":"2026-05-05T12:10:00Z","devices":[{"sn":"INV1","kind":"inverter","values":{"x":${deeplyNested(5000)}}}]}`;
    const outcome = await pipeline.submit({
      sn: plant.datalogger.sn,
      payload: Buffer.from(nested),
      requireKey: false,
    });
    await pipeline.stop();
    expect(outcome).toEqual({ kind: 'rejected', reason: 'schema' });
  });

  it('refuses a NUL character over MQTT as invalid, as over HTTP', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const pipeline = new IngestionPipeline(t.service, t.deps.logger);
    const body = inverterRecord('2026-05-05T12:15:00Z', uniqueSerial('INV'), { note: 'a\u0000b' });
    const outcome = await pipeline.submit(messageOf(plant, body));
    await pipeline.stop();
    expect(outcome).toEqual({ kind: 'rejected', reason: 'schema' });
  });
});

describe('the quarantine page', () => {
  it('is for platform administrators only: neither an owner nor a company administrator', async () => {
    expect((await callEndpoint(t.app, quarantinedMessages)).status).toBe(401);
    const owner = await buildUser(t.deps, { kind: 'owner' });
    const { adminToken: companyAdminToken } = await buildCompanyWithStaff(t.deps);
    for (const token of [await tokenFor(t.deps, owner.id), companyAdminToken]) {
      const response = await callEndpoint(t.app, quarantinedMessages, { token });
      expect(response.code).toBe(ErrorCode.noPermission);
    }
  });

  it('lists set-aside messages, ingests one again after a fix and discards another', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const pipeline = new IngestionPipeline(t.service, t.deps.logger);
    await pipeline.submit(messageOf(plant, poisonRecord('2026-05-06T10:00:00Z')));
    await pipeline.submit(messageOf(plant, poisonRecord('2026-05-06T10:05:00Z')));
    await pipeline.stop();
    const [second, first] = await quarantinedOf(plant.datalogger.sn).then((rows) =>
      rows.sort((a, b) => b.id - a.id),
    );

    const list = await callEndpoint(t.app, quarantinedMessages, {
      token: adminToken,
      query: { size: 200 },
    });
    const listed = list.data.infos.find((info) => info.id === first!.id)!;
    expect(listed).toMatchObject({ dataloggerSn: plant.datalogger.sn, transport: 'mqtt' });
    expect(listed.payloadPreview).toContain('2026-05-06T10:00:00Z');

    const stillRefused = await callEndpoint(t.app, reingestQuarantinedMessage, {
      token: adminToken,
      params: { id: first!.id },
    });
    expect(stillRefused.data).toEqual({ stored: false, reason: expect.stringMatching(/^23514 /) });

    await refusePoison(true);
    const reingested = await callEndpoint(t.app, reingestQuarantinedMessage, {
      token: adminToken,
      params: { id: first!.id },
    });
    await refusePoison();
    expect(reingested.data).toEqual({ stored: true, reason: null });
    expect(await quarantinedOf(plant.datalogger.sn)).toEqual([second]);

    const discarded = await callEndpoint(t.app, deleteQuarantinedMessage, {
      token: adminToken,
      params: { id: second!.id },
    });
    expect(discarded.code).toBe(0);
    expect(await quarantinedOf(plant.datalogger.sn)).toEqual([]);
    const again = await callEndpoint(t.app, deleteQuarantinedMessage, {
      token: adminToken,
      params: { id: second!.id },
    });
    expect(again.code).toBe(ErrorCode.quarantinedMessageNotFound);
  });
});
