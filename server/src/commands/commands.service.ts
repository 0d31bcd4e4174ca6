import {
  COMMAND_PERMISSIONS,
  type CommandName,
  COMMAND_NAMES,
  type DeviceKind,
  ErrorCode,
  type ErrorCodeValue,
  OFFLINE_AFTER_MINUTES,
  type ParsedQuery,
  type Permission,
  type listCommunicationLog,
  STATE_CHANGE_COMMANDS,
} from '@solar/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { visibleDataloggers } from '../equipment/device-access.js';
import type { CommandChannel, QueuedCommand } from './command-channel.js';
import {
  cancelQueued,
  type CommandLogRow,
  type CommandRow,
  commandLogEntries,
  commandLogRows,
  findCommand,
  findVisibleCommand,
} from './command-store.js';

/** What a command is for: a datalogger itself or a device behind it. */
export interface CommandTarget {
  dataloggerId: number;
  dataloggerSn: string;
  deviceId: number | null;
  sn: string;
  /** The device's last values (an inverter's `switch`), empty for a datalogger. */
  values: Record<string, unknown>;
  isOnline: boolean;
}

/** An inverter without `switch` is on; other devices' state is unknown until they report it. */
function currentState(target: CommandTarget, key: string): unknown {
  const value = target.values[key];
  return key === 'switch' && value !== 'off' ? 'on' : value;
}

export type LogQuery = ParsedQuery<typeof listCommunicationLog> & { debug: boolean };

/**
 * A datalogger is connected while one of its devices is not offline (devices turn offline
 * on its `offline` status or after 15 silent minutes); one without devices while it announced
 * itself online within those 15 minutes.
 */
function dataloggerOnline(eb: ExpressionBuilder<Database, 'dataloggers'>) {
  const devices = eb.selectFrom('devices as d').whereRef('d.datalogger_id', '=', 'dataloggers.id');
  return eb.or([
    eb.exists(devices.select(sql`1`.as('one')).where('d.status', '!=', 'offline')),
    eb.and([
      eb.not(eb.exists(devices.select(sql`1`.as('one')))),
      eb(
        'dataloggers.last_online_at',
        '>',
        sql<Date>`now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES})`,
      ),
    ]),
  ]);
}

/** What a module that sends commands takes besides `AppDeps` (switch-task runs). */
export interface CommandsDeps {
  commands: CommandsService;
}

export class CommandsService {
  constructor(
    private readonly db: Db,
    private readonly channel: CommandChannel,
    private readonly timeoutMs: number,
  ) {}

  /** An inverter the caller may see; 600 otherwise (another company's SN is not revealed). */
  async inverter(auth: AuthContext, sn: string): Promise<CommandTarget> {
    return this.device(auth, sn, 'inverter', ErrorCode.inverterNotFound);
  }

  /** A device of `kind` the caller may see; `notFound` otherwise (606 unless told). */
  async device(
    auth: AuthContext,
    sn: string,
    kind: DeviceKind,
    notFound: ErrorCodeValue = ErrorCode.deviceNotFound,
  ): Promise<CommandTarget> {
    const target = await this.findDevice(sn, kind, auth);
    if (!target) throw new AppError(notFound);
    return target;
  }

  /**
   * A device of `kind` for a command, without an access check: a stored task of an authorised
   * user runs it. Null when unknown.
   */
  deviceTarget(sn: string, kind: DeviceKind): Promise<CommandTarget | null> {
    return this.findDevice(sn, kind, null);
  }

  /** A datalogger the caller may see; 305 otherwise. */
  async gateway(auth: AuthContext, sn: string): Promise<CommandTarget> {
    const row = await this.db
      .selectFrom('dataloggers')
      .select((eb) => ['dataloggers.id', 'dataloggers.sn', dataloggerOnline(eb).as('online')])
      .where('dataloggers.sn', '=', sn)
      .where(visibleDataloggers(auth))
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.dataloggerNotFound);
    return {
      dataloggerId: row.id,
      dataloggerSn: row.sn,
      deviceId: null,
      sn: row.sn,
      values: {},
      isOnline: Boolean(row.online),
    };
  }

  /** The device `sn` of `kind`, among those `auth` may see unless `auth` is null. */
  private async findDevice(
    sn: string,
    kind: DeviceKind,
    auth: AuthContext | null,
  ): Promise<CommandTarget | null> {
    const row = await this.db
      .selectFrom('devices')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .select((eb) => [
        'devices.id',
        'devices.sn',
        'devices.status',
        'devices.last_values',
        'dataloggers.id as datalogger_id',
        'dataloggers.sn as datalogger_sn',
        dataloggerOnline(eb).as('datalogger_online'),
      ])
      .where('devices.sn', '=', sn)
      .where('devices.kind', '=', kind)
      .$if(auth !== null, (qb) => qb.where(visibleDataloggers(auth!)))
      .executeTakeFirst();
    if (!row) return null;
    return {
      dataloggerId: row.datalogger_id,
      dataloggerSn: row.datalogger_sn,
      deviceId: row.id,
      sn: row.sn,
      values: (row.last_values ?? {}) as Record<string, unknown>,
      isOnline: row.status !== 'offline' && Boolean(row.datalogger_online),
    };
  }

  /**
   * Sends a command and waits for its end. Refused at once, with nothing stored, when the
   * target is offline (602) or a switch command asks for the state it is in (603).
   */
  async send(
    auth: AuthContext,
    target: CommandTarget,
    name: CommandName,
    args: Record<string, unknown> = {},
  ): Promise<CommandLogRow> {
    return this.sendAs(auth.userId, target, name, args);
  }

  /**
   * `send` on behalf of an account that is not calling now (a stored task's author, or nobody).
   * `minimumTimeoutMs`: a command the device needs long for (the leakage test) waits at least so long.
   */
  async sendAs(
    userId: number | null,
    target: CommandTarget,
    name: CommandName,
    args: Record<string, unknown> = {},
    minimumTimeoutMs = 0,
  ): Promise<CommandLogRow> {
    if (!target.isOnline) throw new AppError(ErrorCode.deviceOffline);
    const change = STATE_CHANGE_COMMANDS[name];
    if (change && currentState(target, change.key) === change.wanted) {
      throw new AppError(ErrorCode.sameDeviceState);
    }
    return this.runUnchecked(
      {
        dataloggerId: target.dataloggerId,
        deviceId: target.deviceId,
        targetSn: target.sn,
        name,
        args,
        userId,
      },
      minimumTimeoutMs,
    );
  }

  /**
   * Sends a command as it is and waits for its end (this service's timeout, or
   * `minimumTimeoutMs` when longer): `sendAs` after its checks, and an upgrade, which its user
   * chose to send to an offline device too (the datalogger takes it when it is back).
   */
  async runUnchecked(
    command: Omit<QueuedCommand, 'timeoutMs'>,
    minimumTimeoutMs = 0,
  ): Promise<CommandLogRow> {
    return this.channel.run({ ...command, timeoutMs: Math.max(this.timeoutMs, minimumTimeoutMs) });
  }

  /** The communication log (every command but `raw`) or the debug log (`raw` only). */
  async log(auth: AuthContext, query: LogQuery): Promise<{ rows: CommandLogRow[]; total: number }> {
    const base = commandLogEntries(this.db, auth, query);
    const rows = commandLogRows(base);
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    const page = await fetchPage(rows, count, query);
    return { rows: page.rows, total: page.total };
  }

  /**
   * Withdraws a queued command of a datalogger the caller may see (610 otherwise), if the
   * caller holds the permission that sends it (2); 609 once it was sent or has ended. The
   * withdrawal is audited with it; the call that waits for the command answers 608.
   */
  async cancel(auth: AuthContext, actor: AuditActor, id: string): Promise<CommandLogRow> {
    const command = await findVisibleCommand(this.db, auth, id);
    if (!command) throw new AppError(ErrorCode.commandNotFound);
    const permission = permissionToSend(command.name);
    if (!permission || !auth.permissions.has(permission)) {
      throw new AppError(ErrorCode.noPermission);
    }
    const cancelled = await retryingTransaction(this.db, async (trx) => {
      const row = await cancelQueued(trx, command, auth.userId);
      if (row) {
        await recordAudit(trx, actor, {
          action: 'command.cancelled',
          target: `command ${row.id} "${row.name}" for ${row.target_sn}`,
        });
      }
      return row;
    });
    if (!cancelled) throw new AppError(ErrorCode.commandNotCancellable);
    const row = await findCommand(this.db, id);
    if (!row) throw new AppError(ErrorCode.commandNotFound);
    return row;
  }
}

/** The permission that sends (and withdraws) a stored command; null for a name no longer known. */
function permissionToSend(name: string): Permission | null {
  const known = COMMAND_NAMES.find((commandName) => commandName === name);
  return known ? COMMAND_PERMISSIONS[known] : null;
}

/** The catalogue code of a finished command: 0 when the device confirmed. */
export function outcomeCode(row: CommandRow): ErrorCodeValue {
  if (row.state === 'done') return ErrorCode.ok;
  if (row.state === 'failed') return ErrorCode.commandFailed;
  if (row.state === 'cancelled') return ErrorCode.commandCancelled;
  return ErrorCode.timeout;
}
