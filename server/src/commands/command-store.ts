import {
  type CommandMessage,
  type CommandReply,
  type CommandState,
  type listCommunicationLog,
  type ParsedQuery,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { whereWithinRange } from '../db/listing.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import type { Row } from '../db/schema.js';
import { visibleDataloggers } from '../equipment/device-access.js';

/**
 * The one home of the command SQL: every read and write of `device_commands` is here
 * (`command-store.test.ts` fails on any other production file naming the table).
 */

/** A stored command (one row of `device_commands`). */
export type CommandRow = Row<'device_commands'>;

/** A command row with what the log and the answer show beside it. */
export type CommandLogRow = CommandRow & {
  datalogger_sn: string;
  plant_id: number | null;
  plant_name: string | null;
  plant_time_zone: string | null;
  user_email: string | null;
  cancelled_by_email: string | null;
};

/** A command to store as queued. */
export interface NewCommand {
  dataloggerId: number;
  deviceId: number | null;
  targetSn: string;
  name: string;
  args: Record<string, unknown>;
  userId: number | null;
  deadline: Date;
}

export const OPEN_STATES = ['queued', 'sent', 'acknowledged'] as const;
export const IN_FLIGHT_STATES = ['sent', 'acknowledged'] as const;
export const FINAL_STATES: readonly CommandState[] = ['done', 'failed', 'timedOut', 'cancelled'];
export const DEADLINE_REASON = 'The device did not answer before the deadline';
/** The NOTIFY channel on which migration 0009's trigger announces each change of state. */
export const COMMAND_CHANGES_CHANNEL = 'device_commands';

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

export async function insertCommand(db: Db, command: NewCommand): Promise<string> {
  const row = await db
    .insertInto('device_commands')
    .values({
      id: sql<string>`gen_random_uuid()`,
      datalogger_id: command.dataloggerId,
      device_id: command.deviceId,
      target_sn: command.targetSn,
      name: command.name,
      args: JSON.stringify(command.args),
      user_id: command.userId,
      deadline: command.deadline,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Commands with their datalogger, plant, sender and withdrawer beside each. */
function commandsWithLogColumns(db: Db) {
  return db
    .selectFrom('device_commands')
    .innerJoin('dataloggers', 'dataloggers.id', 'device_commands.datalogger_id')
    .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .leftJoin('users', 'users.id', 'device_commands.user_id')
    .leftJoin('users as withdrawer', 'withdrawer.id', 'device_commands.cancelled_by');
}

/** The columns of a `CommandLogRow`. */
function logColumns(query: ReturnType<typeof commandsWithLogColumns>) {
  return query
    .selectAll('device_commands')
    .select([
      'dataloggers.sn as datalogger_sn',
      'plants.id as plant_id',
      'plants.name as plant_name',
      'plants.time_zone as plant_time_zone',
      'users.email as user_email',
      'withdrawer.email as cancelled_by_email',
    ]);
}

/** One command with its log columns (one read, also of a finished command's answer). */
export async function findCommand(db: Db, id: string): Promise<CommandLogRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const row = await logColumns(commandsWithLogColumns(db))
    .where('device_commands.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** One command's outcome and the kind of device it addressed (null: the datalogger itself). */
export async function findCommandOutcome(db: Db, id: string) {
  if (!UUID_PATTERN.test(id)) return null;
  const row = await db
    .selectFrom('device_commands')
    .leftJoin('devices', 'devices.id', 'device_commands.device_id')
    .select([
      'device_commands.name',
      'device_commands.state',
      'device_commands.target_sn',
      'device_commands.reason',
      'device_commands.finished_at',
      'devices.kind',
    ])
    .where('device_commands.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** One command on a datalogger `auth` may see; null for others' and unknown ids. */
export async function findVisibleCommand(
  db: Db,
  auth: AuthContext,
  id: string,
): Promise<CommandRow | null> {
  const row = await db
    .selectFrom('device_commands')
    .innerJoin('dataloggers', 'dataloggers.id', 'device_commands.datalogger_id')
    .selectAll('device_commands')
    .where('device_commands.id', '=', id)
    .where(visibleDataloggers(auth))
    .executeTakeFirst();
  return row ?? null;
}

export type LogFilters = Omit<ParsedQuery<typeof listCommunicationLog>, 'page' | 'size'> & {
  debug: boolean;
};

/**
 * The commands of the dataloggers `auth` may see that `filters` select: the communication log
 * (every command but `raw`) or the debug log (`raw` only). Shared with the export centre.
 */
export function commandLogEntries(db: Db, auth: AuthContext, filters: LogFilters) {
  let base = commandsWithLogColumns(db)
    .where(visibleDataloggers(auth))
    .where('device_commands.name', filters.debug ? '=' : '!=', 'raw');
  if (filters.sn) {
    const sn = filters.sn;
    base = base.where((eb) =>
      eb.or([eb('device_commands.target_sn', '=', sn), eb('dataloggers.sn', '=', sn)]),
    );
  }
  if (filters.plantId) base = base.where('dataloggers.plant_id', '=', filters.plantId);
  if (filters.name) base = base.where('device_commands.name', '=', filters.name);
  if (filters.state) base = base.where('device_commands.state', '=', filters.state);
  return whereWithinRange(base, 'device_commands.created_at', filters);
}

/** The log's rows, newest first. */
export function commandLogRows(base: ReturnType<typeof commandLogEntries>) {
  return logColumns(base)
    .orderBy('device_commands.created_at', 'desc')
    .orderBy('device_commands.id');
}

/** Holds the datalogger's queue lock until the transaction ends. */
async function lockQueue(trx: Db, dataloggerId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${dataloggerId})`.execute(trx);
}

const timedOut = {
  state: 'timedOut',
  finished_at: sql<Date>`clock_timestamp()`,
  reason: DEADLINE_REASON,
} as const;

/** Open commands past their deadline become timedOut; returns the dataloggers concerned. */
export async function expireOverdue(db: Db, dataloggerId?: number): Promise<number[]> {
  let query = db
    .updateTable('device_commands')
    .set(timedOut)
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
    await lockQueue(trx, dataloggerId);
    await trx
      .updateTable('device_commands')
      .set(timedOut)
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
    if (current) return { inFlight: current, isNew: false };
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
    return { inFlight: next ?? null, isNew: next !== undefined };
  });
}

/**
 * Withdraws a queued command on behalf of `userId`, inside the caller's transaction `trx`
 * and under the datalogger's queue lock until it ends, so the command is never sent meanwhile.
 * Null when the command is no longer queued.
 */
export async function cancelQueued(
  trx: Db,
  command: CommandRow,
  userId: number,
): Promise<CommandRow | null> {
  await lockQueue(trx, command.datalogger_id);
  const row = await trx
    .updateTable('device_commands')
    .set({ state: 'cancelled', finished_at: sql`clock_timestamp()`, cancelled_by: userId })
    .where('id', '=', command.id)
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
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
  return row ? { kind: 'applied', row } : { kind: 'unknown' };
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

/**
 * For other domains' queries: whether the datalogger whose id the column `dataloggerIdColumn`
 * holds has a command waiting or in flight.
 */
export function openCommandExists(dataloggerIdColumn: string) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM device_commands c
    WHERE c.datalogger_id = ${sql.ref(dataloggerIdColumn)}
      AND c.state IN (${sql.join([...OPEN_STATES])})
  )`;
}
