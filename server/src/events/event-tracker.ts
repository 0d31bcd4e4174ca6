import { ALARM_RULE_CODES, type DeviceKind } from '@solar/contract';
import type { Db } from '../db/database.js';
import { levelOf } from './event-levels.js';

export interface TimelineSample {
  ts: Date;
  values: Record<string, unknown>;
}

/** The new samples of one device, oldest first, and when it was last seen before them. */
export interface DeviceTimeline {
  deviceId: number;
  kind: DeviceKind;
  lastSeenBefore: Date | null;
  samples: TimelineSample[];
}

export interface RaisedEvent {
  id: number;
  deviceId: number;
  code: string;
  level: number;
  startedAt: Date;
}

const KINDS_WITH_FAULT_CODES: ReadonlySet<DeviceKind> = new Set(['inverter', 'battery']);

function faultCodesOf(values: Record<string, unknown>): string[] {
  const codes = values.fault_codes;
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * Opens an event when a fault code appears and closes it when the code disappears. Only
 * samples newer than anything seen before count: a late sample from the past must not reopen
 * or close today's events. The alarm rules' events are the portal's own (`alarms/`), never
 * closed by a report. Returns the events raised and the levels still open per device.
 */
export async function trackFaultCodes(
  trx: Db,
  timelines: readonly DeviceTimeline[],
  levels: ReadonlyMap<string, number>,
): Promise<{ raised: RaisedEvent[]; openLevels: Map<number, number[]> }> {
  const relevant = timelines.filter((t) => KINDS_WITH_FAULT_CODES.has(t.kind));
  const openLevels = new Map<number, number[]>();
  const raised: RaisedEvent[] = [];
  if (relevant.length === 0) return { raised, openLevels };
  const openRows = await trx
    .selectFrom('events')
    .select(['device_id', 'code', 'level'])
    .where('ended_at', 'is', null)
    .where('code', 'not in', ALARM_RULE_CODES)
    .where(
      'device_id',
      'in',
      relevant.map((t) => t.deviceId),
    )
    .execute();
  for (const timeline of relevant) {
    const open = new Map(
      openRows.filter((r) => r.device_id === timeline.deviceId).map((r) => [r.code, r.level]),
    );
    const fresh = timeline.samples.filter(
      (s) => !timeline.lastSeenBefore || s.ts > timeline.lastSeenBefore,
    );
    for (const sample of fresh) {
      const codes = new Set(faultCodesOf(sample.values));
      for (const code of [...open.keys()].filter((c) => !codes.has(c))) {
        await trx
          .updateTable('events')
          .set({ ended_at: sample.ts })
          .where('device_id', '=', timeline.deviceId)
          .where('code', '=', code)
          .where('ended_at', 'is', null)
          .execute();
        open.delete(code);
      }
      for (const code of [...codes].filter((c) => !open.has(c))) {
        const level = levelOf(levels, code);
        const row = await trx
          .insertInto('events')
          .values({
            device_id: timeline.deviceId,
            code,
            level,
            started_at: sample.ts,
            ended_at: null,
            notified_at: null,
          })
          .onConflict((oc) =>
            oc.columns(['device_id', 'code']).where('ended_at', 'is', null).doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (row)
          raised.push({
            id: row.id,
            deviceId: timeline.deviceId,
            code,
            level,
            startedAt: sample.ts,
          });
        open.set(code, level);
      }
    }
    openLevels.set(timeline.deviceId, [...open.values()]);
  }
  return { raised, openLevels };
}
