import {
  type CommandName,
  ErrorCode,
  LEAKAGE_TEST_SECONDS,
  type ParsedQuery,
  type SwitchTaskInput,
  type listSwitchTasks,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { CommandLogRow } from '../commands/command-store.js';
import type { CommandsService } from '../commands/commands.service.js';
import { fetchPage } from '../db/listing.js';
import { findVisibleDevice } from '../equipment/device-access.js';
import { AppError } from '../errors/app-error.js';
import { nextRunAfter, type TaskTerms } from './task-schedule.js';

const FALLBACK_TIME_ZONE = 'UTC';

/** A field's validation failure, as the endpoint layer reports schema failures (code 4). */
function invalidField(field: string, message: string): AppError {
  return new AppError(ErrorCode.validation, message, { fields: [{ field, message }] });
}

/**
 * Smart and AC switches: commands through the command channel, on a switch the caller may act
 * on (606 otherwise, also for a visitor of a shared plant), and its timed tasks.
 */
export class SwitchesService {
  constructor(
    private readonly deps: AppDeps,
    private readonly commands: CommandsService,
  ) {}

  /** A visible switch; `manage` for changes. 606 for anything else. */
  private async findSwitch(auth: AuthContext, sn: string, isChange: boolean) {
    const found = await findVisibleDevice(this.deps.db, auth, sn);
    if (!found || found.device.kind !== 'switch') throw new AppError(ErrorCode.deviceNotFound);
    if (isChange && found.level !== 'manage') throw new AppError(ErrorCode.deviceNotFound);
    return found.device;
  }

  /** Sends a command to a switch the caller may act on and waits for its end. */
  async command(
    auth: AuthContext,
    sn: string,
    name: CommandName,
    minimumTimeoutMs = 0,
  ): Promise<CommandLogRow> {
    await this.findSwitch(auth, sn, true);
    const target = await this.commands.deviceTarget(sn, 'switch');
    if (!target) throw new AppError(ErrorCode.deviceNotFound);
    return this.commands.sendAs(auth.userId, target, name, {}, minimumTimeoutMs);
  }

  /** The leakage test waits the 10 s power cut on top of the usual command time. */
  leakageTest(auth: AuthContext, sn: string): Promise<CommandLogRow> {
    const extraMs = LEAKAGE_TEST_SECONDS * 1000;
    return this.command(
      auth,
      sn,
      'switch.leakageTest',
      this.deps.config.COMMAND_TIMEOUT_MS + extraMs,
    );
  }

  async listTasks(auth: AuthContext, sn: string, query: ParsedQuery<typeof listSwitchTasks>) {
    const device = await this.findSwitch(auth, sn, false);
    const base = this.deps.db.selectFrom('switch_tasks').where('device_id', '=', device.id);
    const rows = base
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('switch_task_runs')
            .select(['due_at', 'state', 'attempts', 'finished_at', 'reason'])
            .whereRef('switch_task_runs.task_id', '=', 'switch_tasks.id')
            .orderBy('switch_task_runs.due_at', 'desc')
            .limit(1)
            .as('last_run'),
        (join) => join.onTrue(),
      )
      .selectAll('switch_tasks')
      .select((eb) => [
        'last_run.due_at as last_due_at',
        'last_run.state as last_state',
        'last_run.attempts as last_attempts',
        'last_run.finished_at as last_finished_at',
        'last_run.reason as last_reason',
        eb.val(device.plant_time_zone ?? FALLBACK_TIME_ZONE).as('time_zone'),
      ])
      .orderBy('switch_tasks.id');
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    const page = await fetchPage(rows, count, query);
    return {
      rows: page.rows.map((row) => ({ ...row, time_zone: String(row.time_zone) })),
      total: page.total,
    };
  }

  /**
   * Stores a task with its first run; a single task must lie ahead (code 4 naming `date`).
   * Evaluated in the plant's time zone, UTC for a switch on a datalogger bound to no plant.
   */
  async createTask(auth: AuthContext, sn: string, input: SwitchTaskInput) {
    const device = await this.findSwitch(auth, sn, true);
    const timeZone = device.plant_time_zone ?? FALLBACK_TIME_ZONE;
    const terms: TaskTerms =
      input.kind === 'once'
        ? { kind: 'once', localDate: input.date, weekdays: [], localTime: input.time }
        : { kind: 'repeat', localDate: null, weekdays: input.weekdays, localTime: input.time };
    const nextRunAt = nextRunAfter(terms, timeZone, new Date());
    if (!nextRunAt) throw invalidField('date', 'validation.invalid');
    const row = await this.deps.db
      .insertInto('switch_tasks')
      .values({
        device_id: device.id,
        kind: terms.kind,
        action: input.action,
        local_date: terms.localDate,
        weekdays: [...terms.weekdays].sort(),
        local_time: terms.localTime,
        next_run_at: nextRunAt,
        created_by: auth.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      ...row,
      time_zone: timeZone,
      last_due_at: null,
      last_state: null,
      last_attempts: null,
      last_finished_at: null,
      last_reason: null,
    };
  }

  async deleteTask(auth: AuthContext, sn: string, id: number): Promise<void> {
    const device = await this.findSwitch(auth, sn, true);
    const deleted = await this.deps.db
      .deleteFrom('switch_tasks')
      .where('id', '=', id)
      .where('device_id', '=', device.id)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError(ErrorCode.deviceNotFound);
  }
}
