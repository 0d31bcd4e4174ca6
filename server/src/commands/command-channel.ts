import { randomUUID } from 'node:crypto';
import { COMMAND_TOPICS, commandReply, serialOfTopic, TOPICS } from '@solar/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { DatabaseNotifications, Unsubscribe } from '../db/notifications.js';
import { isSameSecret } from '../auth/secret-token.js';
import { DataloggerDirectory } from '../broker/datalogger-directory.js';
import {
  advanceQueue,
  applyReply,
  COMMAND_CHANGES_CHANNEL,
  type CommandLogRow,
  type CommandRow,
  dataloggersWithOpenCommands,
  expireOverdue,
  findCommand,
  hasOpenCommands,
  insertCommand,
  isFinal,
  messageOf,
} from './command-store.js';
import { commandCounters } from './command-stats.js';

export interface ChannelConnection {
  brokerUrl: string;
  /** External broker: MQTT 5, and replies must carry the datalogger's key (unless below). */
  isExternal: boolean;
  /** Whether replies must carry the key; default `isExternal` (false with dynsec accounts). */
  requiresPayloadKey?: boolean;
  /** The embedded broker's internal credentials. */
  username?: string;
  password?: string;
  clientId?: string;
}

export interface QueuedCommand {
  dataloggerId: number;
  deviceId: number | null;
  targetSn: string;
  name: string;
  args: Record<string, unknown>;
  userId: number | null;
  timeoutMs: number;
}

/** How often a waiting call looks at its command without a notification (lost NOTIFY). */
const RECHECK_MS = 2000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The command channel of one server process: stores commands, publishes them on
 * `dl/{sn}/cmd`, takes replies from `dl/+/reply` (and over HTTP), and lets HTTP calls wait for
 * their command's end. Any process may take a reply: the state change fires a PostgreSQL
 * NOTIFY (trigger of migration 0009) that wakes the waiting call wherever it runs.
 */
export class CommandChannel {
  private client: MqttClient | null = null;
  private unsubscribe: Unsubscribe | null = null;
  private connection: ChannelConnection | null = null;
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Each datalogger's messages are handled in arrival order (`accepted` before `done`). */
  private readonly inOrder = new Map<string, Promise<void>>();
  private readonly directory: DataloggerDirectory;
  private isStopping = false;

  constructor(
    private readonly db: Db,
    private readonly notifications: DatabaseNotifications,
    private readonly logger: Logger,
  ) {
    this.directory = new DataloggerDirectory(db);
  }

  private get requiresPayloadKey(): boolean {
    const connection = this.connection;
    return connection?.requiresPayloadKey ?? connection?.isExternal ?? false;
  }

  /** Connects to the broker and the database's notifications, then resends what is open. */
  async start(connection: ChannelConnection): Promise<void> {
    this.isStopping = false;
    this.connection = connection;
    this.unsubscribe = await this.notifications.subscribe(COMMAND_CHANGES_CHANNEL, {
      message: (id) => this.wake(id),
      // Waiting calls look again every RECHECK_MS meanwhile; after a gap, they look at once.
      up: () => this.wakeAll(),
    });
    const client = mqtt.connect(connection.brokerUrl, {
      clientId: connection.clientId ?? `portal-commands-${randomUUID().slice(0, 12)}`,
      username: connection.username,
      password: connection.password,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      protocolVersion: connection.isExternal ? 5 : 4,
    });
    client.on('connect', () => {
      // Not a shared subscription: every process sees presence, and replies are idempotent.
      client.subscribe(['dl/+/reply', 'dl/+/status'], { qos: 1 }, (error) => {
        if (error && !this.isStopping)
          this.logger.error({ err: error }, 'command subscribe failed');
      });
    });
    client.on('message', (topic, payload) => this.enqueue(topic, payload));
    client.on('error', (error) => this.logger.warn({ err: error }, 'command MQTT client error'));
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    this.client = client;
    await this.recover();
  }

  async stop(): Promise<void> {
    this.isStopping = true;
    const client = this.client;
    this.client = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await client?.endAsync(true);
    this.wakeAll();
  }

  /** Stores a command as queued, runs the datalogger's queue and waits for the command's end. */
  async run(command: QueuedCommand): Promise<CommandLogRow> {
    const { timeoutMs, ...stored } = command;
    const id = await insertCommand(this.db, {
      ...stored,
      deadline: new Date(Date.now() + timeoutMs),
    });
    await this.advance(command.dataloggerId);
    return this.waitForEnd(id, command.dataloggerId);
  }

  /**
   * Replies from MQTT (`dl/{sn}/reply`) and HTTP (`POST /ingest/v1/reply`). Whatever the
   * device sends is validated; what does not fit is counted and ignored.
   */
  async acceptReply(sn: string, payload: unknown, requireKey: boolean): Promise<boolean> {
    const parsed = commandReply.safeParse(payload);
    if (!parsed.success) {
      commandCounters.ignore('malformed');
      return false;
    }
    const datalogger = await this.directory.find(sn);
    if (!datalogger) {
      commandCounters.ignore('unknownDatalogger');
      return false;
    }
    if (requireKey && !isSameSecret(datalogger.registrationKey, parsed.data.key ?? '')) {
      commandCounters.ignore('credentials');
      return false;
    }
    const outcome = await applyReply(this.db, datalogger.id, parsed.data);
    if (outcome.kind === 'unknown') {
      commandCounters.ignore('unknownCommand');
      return false;
    }
    commandCounters.accepted(parsed.data.state);
    if (isFinal(outcome.row.state)) await this.advance(datalogger.id);
    return true;
  }

  /**
   * The commands an HTTP-only datalogger finds in the answer to its upload: the one in flight
   * (sent now if it was queued). It is sent again with each upload until it is answered.
   */
  async pendingFor(dataloggerId: number): Promise<CommandRow[]> {
    if (!(await hasOpenCommands(this.db, dataloggerId))) return [];
    const { inFlight } = await advanceQueue(this.db, dataloggerId);
    return inFlight ? [inFlight] : [];
  }

  /** Times out what is overdue and sends the next command of the datalogger, if any. */
  async advance(dataloggerId: number): Promise<void> {
    const { inFlight, isNew } = await advanceQueue(this.db, dataloggerId);
    if (inFlight && isNew) this.publish(inFlight);
  }

  /**
   * After a start, and when a datalogger comes online: overdue commands time out, and the one
   * in flight is published again (a device ignores an id it has answered, see the protocol).
   */
  async recover(dataloggerId?: number): Promise<void> {
    await expireOverdue(this.db, dataloggerId);
    const dataloggers =
      dataloggerId === undefined ? await dataloggersWithOpenCommands(this.db) : [dataloggerId];
    for (const id of dataloggers) {
      const { inFlight } = await advanceQueue(this.db, id);
      if (inFlight) this.publish(inFlight);
    }
  }

  private publish(row: CommandRow): void {
    const client = this.client;
    if (!client) return;
    const sn = this.serialOf(row);
    void sn.then((serial) => {
      if (!serial) return;
      client.publish(
        COMMAND_TOPICS.command(serial),
        JSON.stringify(messageOf(row)),
        { qos: 1 },
        (error) => {
          if (error) this.logger.warn({ err: error, command: row.id }, 'command not published');
        },
      );
    });
  }

  private async serialOf(row: CommandRow): Promise<string | null> {
    const datalogger = await this.db
      .selectFrom('dataloggers')
      .select('sn')
      .where('id', '=', row.datalogger_id)
      .executeTakeFirst();
    return datalogger?.sn ?? null;
  }

  private enqueue(topic: string, payload: Buffer): void {
    const sn = serialOfTopic(topic) ?? '';
    const previous = this.inOrder.get(sn) ?? Promise.resolve();
    const next = previous.then(() => this.onMessage(topic, payload));
    this.inOrder.set(sn, next);
    void next.then(() => {
      if (this.inOrder.get(sn) === next) this.inOrder.delete(sn);
    });
  }

  private async onMessage(topic: string, payload: Buffer): Promise<void> {
    const sn = serialOfTopic(topic);
    if (!sn) return;
    try {
      if (topic === TOPICS.status(sn)) {
        if (payload.toString('utf8') !== 'online') return;
        // Every retained `online` arrives at subscription: most dataloggers have nothing open.
        const datalogger = await this.directory.find(sn);
        if (datalogger && (await hasOpenCommands(this.db, datalogger.id))) {
          await this.recover(datalogger.id);
        }
        return;
      }
      if (topic !== COMMAND_TOPICS.reply(sn)) return;
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        commandCounters.ignore('malformed');
        return;
      }
      await this.acceptReply(sn, body, this.requiresPayloadKey);
    } catch (error) {
      if (!this.isStopping) this.logger.warn({ err: error, sn }, 'command message not handled');
    }
  }

  /** The finished command, read once with what its answer shows. */
  private async waitForEnd(id: string, dataloggerId: number): Promise<CommandLogRow> {
    let wasQueued = false;
    for (;;) {
      // Listen before looking, so a notification between the two is not missed.
      const notice = this.nextNotice(id, RECHECK_MS);
      // Still queued after a wait: the command ahead may have ended where no process advanced the queue.
      if (wasQueued) await this.advance(dataloggerId);
      const row = await findCommand(this.db, id);
      if (!row) {
        notice.cancel();
        throw new Error(`command ${id} vanished`);
      }
      if (isFinal(row.state) || this.isStopping) {
        notice.cancel();
        return row;
      }
      wasQueued = row.state === 'queued';
      const untilDeadline = row.deadline.getTime() - Date.now();
      if (untilDeadline <= 0) {
        notice.cancel();
        await this.advance(dataloggerId);
        wasQueued = false;
        continue;
      }
      if (untilDeadline < RECHECK_MS) {
        await Promise.race([notice.promise, delay(untilDeadline + 5)]);
        notice.cancel();
      } else {
        await notice.promise;
      }
    }
  }

  private nextNotice(id: string, timeoutMs: number): { promise: Promise<void>; cancel(): void } {
    const set = this.waiters.get(id) ?? new Set();
    this.waiters.set(id, set);
    let wake: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        commandCounters.recheckTimeouts += 1;
        wake();
      }, timeoutMs);
      wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
        resolve();
      };
      set.add(wake);
    });
    return { promise, cancel: () => wake() };
  }

  private wake(id: string): void {
    if (!id) return;
    commandCounters.notifications += 1;
    for (const wake of [...(this.waiters.get(id) ?? [])]) wake();
  }

  private wakeAll(): void {
    for (const wake of [...this.waiters.values()].flatMap((set) => [...set])) wake();
  }
}
