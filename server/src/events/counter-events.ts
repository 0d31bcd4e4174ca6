import type { Db } from '../db/database.js';
import { levelOf } from './event-levels.js';
import type { RaisedEvent } from './event-tracker.js';

/** The portal's own code for a counter step its device cannot have made. */
export const COUNTER_IMPLAUSIBLE_CODE = '901';

/** A sample at which a device's counter jumped beyond its rating. */
export interface ImplausibleCounterStep {
  deviceId: number;
  ts: Date;
}

/**
 * One event per device and sample with an implausible counter step (a meter's import and export
 * jumping together are one event). It is a moment, not a condition: it opens and closes at the
 * sample, so the device's status stays as its readings say.
 */
export async function raiseImplausibleCounters(
  trx: Db,
  steps: readonly ImplausibleCounterStep[],
  levels: ReadonlyMap<string, number>,
): Promise<RaisedEvent[]> {
  const distinct = [...new Map(steps.map((s) => [`${s.deviceId}|${s.ts.getTime()}`, s])).values()];
  if (distinct.length === 0) return [];
  const code = COUNTER_IMPLAUSIBLE_CODE;
  const level = levelOf(levels, code);
  const rows = await trx
    .insertInto('events')
    .values(
      distinct.map((step) => ({
        device_id: step.deviceId,
        code,
        level,
        started_at: step.ts,
        ended_at: step.ts,
        notified_at: null,
      })),
    )
    .returning(['id', 'device_id', 'started_at'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    deviceId: row.device_id,
    code,
    level,
    startedAt: row.started_at,
  }));
}
