import type { DataloggerRecord, DeviceKind, DeviceReading, RefusalReason } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { raiseImplausibleCounters } from '../events/counter-events.js';
import { deviceStatusOf } from '../events/device-status.js';
import { type DeviceTimeline, type RaisedEvent, trackFaultCodes } from '../events/event-tracker.js';
import {
  deferDataloggerSummaries,
  refreshDataloggerSummaries,
} from '../rollups/datalogger-summaries.js';
import { lockForRollups } from '../rollups/rollup-locks.js';
import { refreshEnergyDaily, refreshPower5min, type TouchedSample } from '../rollups/rollups.js';
import type { KnownDatalogger } from '../broker/datalogger-directory.js';
import { meterScales, primaryMeterValues } from './meter-scaling.js';

export interface AcceptedRecord {
  datalogger: KnownDatalogger;
  record: DataloggerRecord;
}

/** A reading refused for good, in the record (`ts` as sent) of one datalogger. */
export interface RefusedReading {
  dataloggerId: number;
  ts: string;
  sn: string;
  reason: RefusalReason;
}

export interface StoreResult {
  stored: number;
  duplicates: number;
  refused: RefusedReading[];
  raised: RaisedEvent[];
}

interface DeviceRef {
  id: number;
  kind: DeviceKind;
  dataloggerId: number;
  lastSeenBefore: Date | null;
}

interface SampleRow {
  device: DeviceRef;
  datalogger: KnownDatalogger;
  ts: Date;
  values: Record<string, unknown>;
}

const INSERT_CHUNK = 10_000;

/**
 * Everything one batch of records changes, inside the caller's transaction: devices are
 * registered, samples inserted idempotently, then, for the samples that were new, events,
 * device state, rollups and the dataloggers' live summaries follow. A duplicate delivery
 * therefore changes nothing.
 */
export async function storeRecords(
  trx: Db,
  records: readonly AcceptedRecord[],
  levels: ReadonlyMap<string, number>,
): Promise<StoreResult> {
  await lockForRollups(
    trx,
    records.map(({ datalogger }) =>
      datalogger.plantId !== null
        ? { plantId: datalogger.plantId }
        : { dataloggerId: datalogger.id },
    ),
  );
  await deferDataloggerSummaries(trx);
  const devices = await registerDevices(trx, records);
  const { samples, refused } = samplesOf(records, devices);
  const rows = await inPrimaryValues(trx, samples);
  const fresh = await insertSamples(trx, rows);
  const timelines = timelinesOf(fresh);
  const { raised, openLevels } = await trackFaultCodes(trx, timelines, levels);
  await updateDeviceState(trx, timelines, openLevels);
  const touched: TouchedSample[] = fresh.map((row) => ({
    deviceId: row.device.id,
    kind: row.device.kind,
    ts: row.ts,
    timeZone: row.datalogger.timeZone,
    plantId: row.datalogger.plantId,
    values: row.values,
  }));
  await refreshPower5min(trx, touched);
  const jumps = await refreshEnergyDaily(trx, touched);
  const counterEvents = await raiseImplausibleCounters(trx, jumps, levels);
  const dataloggerIds = [...new Set(records.map((r) => r.datalogger.id))];
  await refreshDataloggerSummaries(trx, dataloggerIds);
  await trx
    .updateTable('dataloggers')
    .set({ last_online_at: sql<Date>`now()` })
    .where('id', 'in', dataloggerIds)
    // A minute is precision enough and spares a row write for most live messages.
    .where((eb) =>
      eb.or([
        eb('last_online_at', 'is', null),
        eb('last_online_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
  return {
    stored: fresh.length,
    duplicates: rows.length - fresh.length,
    refused,
    raised: [...raised, ...counterEvents],
  };
}

const DEVICE_COLUMNS = [
  'id',
  'sn',
  'kind',
  'datalogger_id',
  'last_seen_at',
  'model_code',
  'sunspec_models',
] as const;

/**
 * The devices of the readings, registered on first sight. Known devices are only read (no row
 * is rewritten per message); a device whose reported model changed gets it updated.
 */
async function registerDevices(
  trx: Db,
  records: readonly AcceptedRecord[],
): Promise<Map<string, DeviceRef>> {
  const wanted = new Map<string, { reading: DeviceReading; dataloggerId: number }>();
  for (const { datalogger, record } of records) {
    for (const reading of record.devices) {
      if (!wanted.has(reading.sn)) wanted.set(reading.sn, { reading, dataloggerId: datalogger.id });
    }
  }
  const serials = [...wanted.keys()];
  const known = await trx
    .selectFrom('devices')
    .select(DEVICE_COLUMNS)
    .where('sn', 'in', serials)
    .execute();
  const knownSerials = new Set(known.map((row) => row.sn));
  const unknown = [...wanted.values()]
    .filter(({ reading }) => !knownSerials.has(reading.sn))
    .sort((a, b) => a.reading.sn.localeCompare(b.reading.sn));
  const created =
    unknown.length === 0
      ? []
      : await trx
          .insertInto('devices')
          .values(
            unknown.map(({ reading, dataloggerId }) => ({
              datalogger_id: dataloggerId,
              sn: reading.sn,
              kind: reading.kind,
              model_code: reading.model ?? null,
              sunspec_models: reading.sunspecModels ?? null,
              alias: null,
              rated_power_kw: null,
              last_seen_at: null,
            })),
          )
          .onConflict((oc) => oc.column('sn').doNothing())
          .returning(DEVICE_COLUMNS)
          .execute();
  const createdSerials = new Set(created.map((row) => row.sn));
  // Registered meanwhile by another transaction.
  const raced = unknown.map(({ reading }) => reading.sn).filter((sn) => !createdSerials.has(sn));
  const racedRows =
    raced.length === 0
      ? []
      : await trx.selectFrom('devices').select(DEVICE_COLUMNS).where('sn', 'in', raced).execute();
  const rows = [...known, ...created, ...racedRows];
  await updateModels(trx, rows, wanted);
  await updateSunSpecModels(trx, rows, wanted);
  return new Map(
    rows.map((row) => [
      row.sn,
      {
        id: row.id,
        kind: row.kind,
        dataloggerId: row.datalogger_id,
        lastSeenBefore: row.last_seen_at,
      },
    ]),
  );
}

type DeviceRow = { id: number; sn: string; datalogger_id: number };
type WantedDevices = ReadonlyMap<string, { reading: DeviceReading; dataloggerId: number }>;

/** The devices whose own datalogger reports a `pick` that differs from the stored one. */
function changedDevices<T>(
  rows: readonly (DeviceRow & { stored: T })[],
  wanted: WantedDevices,
  pick: (reading: DeviceReading) => T | undefined,
  isSame: (a: T, b: T) => boolean,
): { id: number; value: T }[] {
  return rows.flatMap((row) => {
    const { reading, dataloggerId } = wanted.get(row.sn)!;
    const value = pick(reading);
    return value !== undefined && !isSame(value, row.stored) && row.datalogger_id === dataloggerId
      ? [{ id: row.id, value }]
      : [];
  });
}

/** A reported model replaces the stored one; another datalogger's device is left untouched. */
async function updateModels(
  trx: Db,
  rows: readonly (DeviceRow & { model_code: string | null })[],
  wanted: WantedDevices,
): Promise<void> {
  const changed = changedDevices<string | null>(
    rows.map((row) => ({ ...row, stored: row.model_code })),
    wanted,
    (reading) => reading.model,
    (a, b) => a === b,
  );
  if (changed.length === 0) return;
  await sql`
    UPDATE devices d SET model_code = u.model
    FROM unnest(${changed.map((c) => c.id)}::int[], ${changed.map((c) => c.value)}::text[]) AS u (id, model)
    WHERE d.id = u.id
  `.execute(trx);
}

/** Reported SunSpec models replace the stored ones, as for the model. */
async function updateSunSpecModels(
  trx: Db,
  rows: readonly (DeviceRow & { sunspec_models: number[] | null })[],
  wanted: WantedDevices,
): Promise<void> {
  const changed = changedDevices(
    rows.map((row) => ({ ...row, stored: row.sunspec_models ?? [] })),
    wanted,
    (reading) => reading.sunspecModels,
    (a, b) => a.join() === b.join(),
  );
  for (const { id, value } of changed) {
    await trx.updateTable('devices').set({ sunspec_models: value }).where('id', '=', id).execute();
  }
}

function samplesOf(
  records: readonly AcceptedRecord[],
  devices: ReadonlyMap<string, DeviceRef>,
): { samples: SampleRow[]; refused: RefusedReading[] } {
  const rows = new Map<string, SampleRow>();
  const refused: RefusedReading[] = [];
  for (const { datalogger, record } of records) {
    const ts = new Date(record.ts);
    for (const reading of record.devices) {
      const device = devices.get(reading.sn)!;
      const reason = refusalOf(device, datalogger, reading);
      if (reason) {
        refused.push({ dataloggerId: datalogger.id, ts: record.ts, sn: reading.sn, reason });
        continue;
      }
      // The first of two readings for the same instant wins, as it would one message at a time.
      const key = `${device.id}|${ts.getTime()}`;
      if (!rows.has(key)) rows.set(key, { device, datalogger, ts, values: reading.values });
    }
  }
  return { samples: [...rows.values()], refused };
}

/** A device answers to the datalogger that registered it first, as the kind it was registered. */
function refusalOf(
  device: DeviceRef,
  datalogger: KnownDatalogger,
  reading: DeviceReading,
): RefusalReason | null {
  if (device.dataloggerId !== datalogger.id) return 'foreignDevice';
  if (device.kind !== reading.kind) return 'kindMismatch';
  return null;
}

/**
 * Meter readings scaled by their stored CT and PT ratios and offsets (`primaryMeterValues`)
 * before anything is stored, so samples, live values, curves, daily energy, the energy flow and
 * income all count primary values. Settings apply from the moment they are saved.
 */
async function inPrimaryValues(trx: Db, rows: SampleRow[]): Promise<SampleRow[]> {
  const meterIds = [
    ...new Set(rows.filter((r) => r.device.kind === 'meter').map((r) => r.device.id)),
  ];
  const scales = await meterScales(trx, meterIds);
  if (scales.size === 0) return rows;
  return rows.map((row) => {
    const scale = scales.get(row.device.id);
    return scale ? { ...row, values: primaryMeterValues(row.values, scale) } : row;
  });
}

/** Inserts through arrays (one short statement, planned quickly) and returns the new rows. */
async function insertSamples(trx: Db, rows: readonly SampleRow[]): Promise<SampleRow[]> {
  const byKey = new Map(rows.map((row) => [`${row.device.id}|${row.ts.getTime()}`, row]));
  const fresh: SampleRow[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const inserted = await sql<{ device_id: number; ts: Date }>`
      INSERT INTO samples (device_id, ts, values)
      SELECT * FROM unnest(${chunk.map((r) => r.device.id)}::int[],
        ${chunk.map((r) => r.ts.toISOString())}::timestamptz[],
        ${chunk.map((r) => JSON.stringify(r.values))}::jsonb[])
      ON CONFLICT (device_id, ts) DO NOTHING
      RETURNING device_id, ts
    `.execute(trx);
    for (const row of inserted.rows) fresh.push(byKey.get(`${row.device_id}|${row.ts.getTime()}`)!);
  }
  return fresh;
}

function timelinesOf(fresh: readonly SampleRow[]): DeviceTimeline[] {
  const timelines = new Map<number, DeviceTimeline>();
  for (const row of fresh) {
    let timeline = timelines.get(row.device.id);
    if (!timeline) {
      timeline = {
        deviceId: row.device.id,
        kind: row.device.kind,
        lastSeenBefore: row.device.lastSeenBefore,
        samples: [],
      };
      timelines.set(row.device.id, timeline);
    }
    timeline.samples.push({ ts: row.ts, values: row.values });
  }
  for (const timeline of timelines.values())
    timeline.samples.sort((a, b) => a.ts.getTime() - b.ts.getTime());
  return [...timelines.values()];
}

/** The newest sample sets last values, last seen and status; older (late) samples do not. */
async function updateDeviceState(
  trx: Db,
  timelines: readonly DeviceTimeline[],
  openLevels: ReadonlyMap<number, number[]>,
): Promise<void> {
  const updates = timelines.flatMap((timeline) => {
    const newest = timeline.samples.at(-1)!;
    if (timeline.lastSeenBefore && newest.ts <= timeline.lastSeenBefore) return [];
    const status = deviceStatusOf(newest.values, openLevels.get(timeline.deviceId) ?? []);
    return [
      {
        id: timeline.deviceId,
        ts: newest.ts.toISOString(),
        values: JSON.stringify(newest.values),
        status,
      },
    ];
  });
  if (updates.length === 0) return;
  await sql`
    UPDATE devices d SET last_values = u.vals, last_seen_at = u.ts, status = u.status
    FROM unnest(${updates.map((u) => u.id)}::int[], ${updates.map((u) => u.ts)}::timestamptz[],
                ${updates.map((u) => u.values)}::jsonb[], ${updates.map((u) => u.status)}::text[]) AS u (id, ts, vals, status)
    WHERE d.id = u.id AND (d.last_seen_at IS NULL OR d.last_seen_at < u.ts)
  `.execute(trx);
}
