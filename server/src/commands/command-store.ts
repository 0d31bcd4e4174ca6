import { type CommandMessage, type CommandReply, type CommandState } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** A stored command (one row of `device_commands`). */
export interface CommandRow {
  id: string;
  datalogger_id: number;
  device_id: number | null;
  target_sn: string;
  name: string;
  args: unknown;
  state: CommandState;
  user_id: number | null;
  created_at: Date;
  sent_at: Date | null;
  acknowledged_at: Date | null;
  finished_at: Date | null;
  deadline: Date;
  result: unknown;
  reason: string | null;
}

export const OPEN_STATES = ['queued', 'sent', 'acknowledged'] as const;
export const IN_FLIGHT_STATES = ['sent', 'acknowledged'] as const;
export const FINAL_STATES: readonly CommandState[] = ['done', 'failed', 'timedOut'];
export const DEADLINE_REASON = 'The device did not answer before the deadline';

/** Both halves of the per-datalogger advisory lock key; the first names this table. */
const LOCK_SPACE = 0x636d64;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isFinal(state: CommandState): boolean {
  return FINAL_STATES.includes(state);
}

/** The payload on `dl/{sn}/cmd` (and in the HTTP upload's answer) for a stored command. */
export function messageOf(row: CommandRow): CommandMessage {
  return {
    id: row.id,
    target: row.target_sn,
    name: row.name,
    args: (row.args ?? {}) as Record<string, unknown>,
    deadline: row.deadline.toISOString(),
  };
}

export async function findCommand(db: Db, id: string): Promise<CommandRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const row = await db
    .selectFrom('device_commands')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return (row as CommandRow | undefined) ?? null;
}

/** Open commands past their deadline become timedOut; returns the dataloggers concerned. */
export async function expireOverdue(db: Db, dataloggerId?: number): Promise<number[]> {
  let query = db
    .updateTable('device_commands')
    .set({ state: 'timedOut', finished_at: sql`clock_timestamp()`, reason: DEADLINE_REASON })
    .where('state', 'in', [...OPEN_STATES])
    .where('deadline', '<=', sql<Date>`clock_timestamp()`);
  if (dataloggerId !== undefined) query = query.where('datalogger_id', '=', dataloggerId);
  const rows = await query.returning('datalogger_id').execute();
  return [...new Set(rows.map((row) => row.datalogger_id))];
}

/**
 * One datalogger's commands run one at a time, whichever server process handles them: under a
 * transaction-scoped advisory lock on the datalogger, overdue commands time out, and when none
 * is in flight the oldest queued one becomes `sent`. Returns the command in flight afterwards
 * and whether it was sent just now (the caller publishes it after the commit).
 */
export async function advanceQueue(
  db: Db,
  dataloggerId: number,
): Promise<{ inFlight: CommandRow | null; isNew: boolean }> {
  return retryingTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${dataloggerId})`.execute(trx);
    await trx
      .updateTable('device_commands')
      .set({ state: 'timedOut', finished_at: sql`clock_timestamp()`, reason: DEADLINE_REASON })
      .where('datalogger_id', '=', dataloggerId)
      .where('state', 'in', [...OPEN_STATES])
      .where('deadline', '<=', sql<Date>`clock_timestamp()`)
      .execute();
    const current = await trx
      .selectFrom('device_commands')
      .selectAll()
      .where('datalogger_id', '=', dataloggerId)
      .where('state', 'in', [...IN_FLIGHT_STATES])
      .orderBy('created_at')
      .executeTakeFirst();
    if (current) return { inFlight: current as CommandRow, isNew: false };
    const next = await trx
      .updateTable('device_commands')
      .set({ state: 'sent', sent_at: sql`clock_timestamp()` })
      .where(
        'id',
        '=',
        trx
          .selectFrom('device_commands')
          .select('id')
          .where('datalogger_id', '=', dataloggerId)
          .where('state', '=', 'queued')
          .orderBy('created_at')
          .orderBy('id')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
    return { inFlight: (next as CommandRow | undefined) ?? null, isNew: next !== undefined };
  });
}

export type ReplyOutcome =
  | { kind: 'applied'; row: CommandRow }
  /** No open command with this id for this datalogger (unknown, another's, or finished). */
  | { kind: 'unknown' };

/** Applies a validated reply of datalogger `dataloggerId`; stale or foreign replies change nothing. */
export async function applyReply(
  db: Db,
  dataloggerId: number,
  reply: CommandReply,
): Promise<ReplyOutcome> {
  if (!UUID_PATTERN.test(reply.id)) return { kind: 'unknown' };
  const base = db
    .updateTable('device_commands')
    .where('id', '=', reply.id)
    .where('datalogger_id', '=', dataloggerId);
  const row =
    reply.state === 'accepted'
      ? await base
          .set({ state: 'acknowledged', acknowledged_at: sql`clock_timestamp()` })
          .where('state', 'in', ['queued', 'sent'])
          .returningAll()
          .executeTakeFirst()
      : await base
          .set({
            state: reply.state,
            finished_at: sql`clock_timestamp()`,
            result: reply.result === undefined ? null : JSON.stringify(reply.result),
            reason: reply.state === 'failed' ? (reply.reason ?? 'The device gave no reason') : null,
          })
          .where('state', 'in', [...OPEN_STATES])
          .returningAll()
          .executeTakeFirst();
  return row ? { kind: 'applied', row: row as CommandRow } : { kind: 'unknown' };
}

/** Dataloggers with open commands (for the resend after a server start). */
export async function dataloggersWithOpenCommands(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('device_commands')
    .select('datalogger_id')
    .distinct()
    .where('state', 'in', [...OPEN_STATES])
    .execute();
  return rows.map((row) => row.datalogger_id);
}

/** Whether the datalogger has a command waiting or in flight (a cheap look before the lock). */
export async function hasOpenCommands(db: Db, dataloggerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('device_commands')
    .select('id')
    .where('datalogger_id', '=', dataloggerId)
    .where('state', 'in', [...OPEN_STATES])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
