import { ErrorCode, type SwitchTaskRunState } from '@solar/contract';
import { sql } from 'kysely';
import type { JobDeps } from '../app-deps.js';
import {
  type CommandsDeps,
  type CommandsService,
  outcomeCode,
} from '../commands/commands.service.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { nextRunAfter, type TaskTerms } from './task-schedule.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Attempts of one run before it counts as failed (the device stayed offline, or refused). */
export const SWITCH_TASK_ATTEMPTS = 4;
/** A plant without a time zone (a datalogger bound to no plant) runs its tasks in UTC. */
const FALLBACK_TIME_ZONE = 'UTC';
const DISPATCH_BATCH = 200;

/** Queues the job of one run inside the dispatcher's transaction (`switches-jobs.ts`). */
export type SendRun = (runId: number, trx: Db) => Promise<void>;

export function termsOf(row: {
  kind: 'once' | 'repeat';
  local_date: string | null;
  weekdays: number[];
  local_time: string;
}): TaskTerms {
  return {
    kind: row.kind,
    localDate: row.local_date,
    weekdays: row.weekdays,
    localTime: row.local_time,
  };
}

/**
 * Claims every task due at `now` (locked with SKIP LOCKED, so another process's dispatcher
 * takes the rest or nothing), creates one run per task and due instant, sends its job in the
 * same transaction, and moves the task to its next run after `now` (a repeating task that was
 * missed several times while no process ran runs once, then continues on schedule). Returns
 * the runs created.
 */
export async function dispatchDueTasks(
  db: Db,
  sendRun: SendRun,
  now = new Date(),
): Promise<number> {
  return retryingTransaction(db, async (trx) => {
    const due = await trx
      .selectFrom('switch_tasks')
      .innerJoin('devices', 'devices.id', 'switch_tasks.device_id')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
      .select([
        'switch_tasks.id',
        'switch_tasks.kind',
        'switch_tasks.local_date',
        'switch_tasks.weekdays',
        'switch_tasks.local_time',
        'switch_tasks.next_run_at',
        'plants.time_zone',
      ])
      .where('switch_tasks.next_run_at', '<=', now)
      .orderBy('switch_tasks.next_run_at')
      .limit(DISPATCH_BATCH)
      .forUpdate('switch_tasks')
      .skipLocked()
      .execute();
    let created = 0;
    for (const task of due) {
      const run = await trx
        .insertInto('switch_task_runs')
        .values({ task_id: task.id, due_at: task.next_run_at! })
        .onConflict((oc) => oc.columns(['task_id', 'due_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (run) {
        await sendRun(run.id, trx);
        created += 1;
      }
      const timeZone = task.time_zone ?? FALLBACK_TIME_ZONE;
      await trx
        .updateTable('switch_tasks')
        .set({ next_run_at: nextRunAfter(termsOf(task), timeZone, now) })
        .where('id', '=', task.id)
        .execute();
    }
    return created;
  });
}

interface RunOutcome {
  state: SwitchTaskRunState;
  reason: string | null;
  commandId: string | null;
}

/** Why a command did not end confirmed, for the task list. */
function reasonOf(code: number, deviceReason: string | null): string {
  if (code === ErrorCode.deviceOffline) return 'offline';
  if (code === ErrorCode.timeout) return 'timedOut';
  return deviceReason ?? 'failed';
}

/**
 * One attempt of a run: switches the device as the task says, on behalf of the task's author.
 * Confirmed (or already in that state) ends it `done`; otherwise it is `retrying` and the
 * attempt throws, so the queue tries again after its delay, until the last attempt marks it
 * `failed`. A run that has ended is left alone (the queue runs a job at least once).
 */
export async function runSwitchTask(
  deps: Pick<JobDeps, 'db'> & CommandsDeps,
  runId: number,
): Promise<void> {
  const run = await deps.db
    .selectFrom('switch_task_runs')
    .innerJoin('switch_tasks', 'switch_tasks.id', 'switch_task_runs.task_id')
    .innerJoin('devices', 'devices.id', 'switch_tasks.device_id')
    .select([
      'switch_task_runs.state',
      'switch_task_runs.attempts',
      'switch_tasks.action',
      'switch_tasks.created_by',
      'devices.sn',
    ])
    .where('switch_task_runs.id', '=', runId)
    .executeTakeFirst();
  if (!run || run.state === 'done' || run.state === 'failed') return;
  const attempts = run.attempts + 1;
  const outcome = await attempt(deps.commands, run.sn, run.action, run.created_by);
  const isLast = attempts >= SWITCH_TASK_ATTEMPTS;
  const state = outcome.state === 'done' || !isLast ? outcome.state : 'failed';
  await deps.db
    .updateTable('switch_task_runs')
    .set({
      state,
      attempts,
      reason: outcome.reason,
      command_id: outcome.commandId,
      finished_at: state === 'done' || state === 'failed' ? sql<Date>`now()` : null,
    })
    .where('id', '=', runId)
    .execute();
  if (state === 'retrying') throw new Error(`switch task run ${runId}: ${outcome.reason}`);
}

async function attempt(
  commands: CommandsService,
  sn: string,
  action: 'on' | 'off',
  userId: number | null,
): Promise<RunOutcome> {
  const target = await commands.deviceTarget(sn, 'switch');
  if (!target) return { state: 'failed', reason: 'deviceRemoved', commandId: null };
  try {
    const row = await commands.sendAs(userId, target, action === 'on' ? 'switch.on' : 'switch.off');
    const code = outcomeCode(row);
    return code === ErrorCode.ok
      ? { state: 'done', reason: null, commandId: row.id }
      : { state: 'retrying', reason: reasonOf(code, row.reason), commandId: row.id };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === ErrorCode.sameDeviceState) {
      return { state: 'done', reason: 'sameState', commandId: null };
    }
    return { state: 'retrying', reason: reasonOf(error.code, null), commandId: null };
  }
}
