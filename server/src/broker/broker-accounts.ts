import { serialNumber } from '@solar/contract';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import type { DatabaseNotifications, Unsubscribe } from '../db/notifications.js';
import {
  accountCommands,
  type BrokerAccount,
  type BrokerClient,
  brokerClientSchema,
  type BrokerRole,
  brokerRoleSchema,
  type BrokerState,
  DATALOGGER_TEXTNAME,
  dataloggerAccount,
  dataloggerRoleName,
  isDataloggerRole,
  portalAccount,
} from './broker-account.js';
import { type DynsecCommand, DynsecControl, type DynsecResponse } from './dynsec-control.js';

/** Notified by the trigger of migration 0064 with the SN of each changed datalogger. */
export const CREDENTIALS_CHANNEL = 'datalogger_credentials';
const PAGE_SIZE = 1000;
/** Changes arriving together (an import) are applied together. */
const GATHER_MS = 50;
const RETRY_RECONCILE_MS = 30_000;

const clientPageSchema = z.object({
  totalCount: z.number().int().min(0),
  clients: z.array(brokerClientSchema),
});
const rolePageSchema = z.object({
  totalCount: z.number().int().min(0),
  roles: z.array(brokerRoleSchema),
});

export interface BrokerAccountsOptions {
  /** The dynsec admin connection, `mqtt://admin:password@host:port`. */
  adminUrl: string;
  /** The portal's own connection (MQTT_URL), whose user the portal keeps too. */
  portalUrl: string;
}

/**
 * Keeps each datalogger's account (user name and client id = SN, password = registration key,
 * a role for its own topics) in Mosquitto's dynamic security plugin: a full reconciliation at
 * start and after any lost connection, and each change the database notifies in between.
 */
export class BrokerAccounts {
  private unsubscribe: Unsubscribe | null = null;
  private readonly changed = new Set<string>();
  private gatherTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** One piece of work at a time, so a reconciliation never races a change. */
  private work: Promise<void> = Promise.resolve();
  private isStopped = false;

  private constructor(
    private readonly db: Db,
    private readonly control: DynsecControl,
    private readonly secret: string,
    private readonly portal: BrokerAccount,
    private readonly logger: Logger,
  ) {}

  /** Connects, listens for changes and reconciles once before it resolves. */
  static async start(
    deps: { db: Db; notifications: DatabaseNotifications; logger: Logger },
    options: BrokerAccountsOptions,
  ): Promise<BrokerAccounts> {
    let accounts: BrokerAccounts | null = null;
    const control = await DynsecControl.connect(options.adminUrl, deps.logger, {
      onReconnect: () => accounts?.reconcileSoon(),
    });
    const admin = new URL(options.adminUrl);
    const portal = new URL(options.portalUrl);
    accounts = new BrokerAccounts(
      deps.db,
      control,
      decodeURIComponent(admin.password),
      portalAccount(decodeURIComponent(portal.username), decodeURIComponent(portal.password)),
      deps.logger,
    );
    await accounts.listen(deps.notifications);
    await accounts.enqueue(() => accounts.reconcile());
    return accounts;
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    this.unsubscribe?.();
    if (this.gatherTimer) clearTimeout(this.gatherTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.work;
    await this.control.close();
  }

  private async listen(notifications: DatabaseNotifications): Promise<void> {
    this.unsubscribe = await notifications.subscribe(CREDENTIALS_CHANNEL, {
      message: (sn) => this.noteChange(sn),
      up: () => this.reconcileSoon(),
    });
  }

  private noteChange(sn: string): void {
    this.changed.add(sn);
    this.gatherTimer ??= setTimeout(() => {
      this.gatherTimer = null;
      const serials = [...this.changed];
      this.changed.clear();
      void this.enqueue(() => this.syncSerials(serials));
    }, GATHER_MS);
  }

  private reconcileSoon(): void {
    void this.enqueue(() => this.reconcile());
  }

  /** Runs `task` after the work before it; a failure is logged and a reconciliation retried. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    this.work = this.work.then(async () => {
      if (this.isStopped) return;
      try {
        await task();
      } catch (error) {
        this.logger.warn({ err: error }, 'broker accounts: not updated; reconciling again later');
        this.retryLater();
      }
    });
    return this.work;
  }

  private retryLater(): void {
    if (this.retryTimer || this.isStopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.reconcileSoon();
    }, RETRY_RECONCILE_MS);
    this.retryTimer.unref();
  }

  /** The accounts of these SNs as the database has them now (a missing one is removed). */
  private async syncSerials(serials: readonly string[]): Promise<void> {
    const keys = await this.keysOf(serials);
    const lookups = serials.flatMap((sn) => [
      { command: 'getClient', username: sn },
      { command: 'getRole', rolename: dataloggerRoleName(sn) },
    ]);
    const responses = await this.control.send(lookups);
    const commands = serials.flatMap((sn, index) => {
      const have = this.ownState(
        sn,
        found(responses[2 * index], 'client', brokerClientSchema),
        found(responses[2 * index + 1], 'role', brokerRoleSchema),
      );
      return have ? accountCommands(this.wanted(sn, keys.get(sn)), have, this.secret) : [];
    });
    await this.apply(commands);
  }

  /**
   * Every datalogger of the database against every datalogger account of the broker: missing
   * ones added, changed ones fixed, stale ones deleted. The portal's own account too.
   */
  private async reconcile(): Promise<void> {
    const clients = await this.brokerClients();
    const roles = await this.brokerRoles();
    const portalState = {
      client: clients.get(this.portal.username) ?? null,
      role: roles.get(this.portal.rolename) ?? null,
    };
    await this.apply(accountCommands(this.portal, portalState, this.secret));
    let after = '';
    for (;;) {
      const page = await this.db
        .selectFrom('dataloggers')
        .select(['sn', 'registration_key'])
        .where('sn', '>', after)
        .orderBy('sn')
        .limit(PAGE_SIZE)
        .execute();
      if (page.length === 0) break;
      after = page.at(-1)!.sn;
      await this.apply(
        page.flatMap((row) => {
          const have = this.takeDatalogger(row.sn, clients, roles);
          if (!have) return [];
          return accountCommands(this.wanted(row.sn, row.registration_key), have, this.secret);
        }),
      );
    }
    await this.apply(staleCommands(clients, roles, this.portal.username));
  }

  /** The broker's state of this datalogger, taken out of the maps (what is left is stale). */
  private takeDatalogger(
    sn: string,
    clients: Map<string, BrokerClient>,
    roles: Map<string, BrokerRole>,
  ): BrokerState | null {
    const rolename = dataloggerRoleName(sn);
    const state = this.ownState(sn, clients.get(sn) ?? null, roles.get(rolename) ?? null);
    clients.delete(sn);
    roles.delete(rolename);
    return state;
  }

  /**
   * The datalogger's account as the broker has it, or null when a client that is not one of
   * ours holds its name (the broker's admin, the portal's own account, an operator's): that
   * client is never changed or deleted, and the datalogger gets no account.
   */
  private ownState(sn: string, client: BrokerClient | null, role: BrokerRole | null) {
    if (client && client.textname !== DATALOGGER_TEXTNAME) {
      this.logger.warn({ sn }, 'broker accounts: another client holds this SN; no account');
      return null;
    }
    return { client, role };
  }

  private wanted(sn: string, key: string | undefined): BrokerAccount | null {
    if (key === undefined) return null;
    // An SN outside the contract's rule (a wildcard in it) would widen its role's topics.
    if (!serialNumber.safeParse(sn).success || sn !== sn.trim()) {
      this.logger.warn({ sn }, 'broker accounts: SN unfit for topics; no account');
      return null;
    }
    return dataloggerAccount(sn, key);
  }

  private async keysOf(serials: readonly string[]): Promise<Map<string, string>> {
    if (serials.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('dataloggers')
      .select(['sn', 'registration_key'])
      .where('sn', 'in', serials)
      .execute();
    return new Map(rows.map((row) => [row.sn, row.registration_key]));
  }

  private async brokerClients(): Promise<Map<string, BrokerClient>> {
    const clients = await this.listAll('listClients', (data) => {
      const page = clientPageSchema.parse(data);
      return { total: page.totalCount, items: page.clients };
    });
    return new Map(clients.map((client) => [client.username, client]));
  }

  private async brokerRoles(): Promise<Map<string, BrokerRole>> {
    const roles = await this.listAll('listRoles', (data) => {
      const page = rolePageSchema.parse(data);
      return { total: page.totalCount, items: page.roles };
    });
    return new Map(roles.map((role) => [role.rolename, role]));
  }

  /** Every page of a list command, joined. */
  private async listAll<T>(
    command: 'listClients' | 'listRoles',
    pageOf: (data: unknown) => { total: number; items: T[] },
  ): Promise<T[]> {
    const items: T[] = [];
    let total = Infinity;
    for (let offset = 0; offset < total; offset += PAGE_SIZE) {
      const [response] = await this.control.run([
        { command, verbose: true, count: PAGE_SIZE, offset },
      ]);
      const page = pageOf(response?.data);
      items.push(...page.items);
      total = page.total;
    }
    return items;
  }

  private async apply(commands: readonly DynsecCommand[]): Promise<void> {
    if (commands.length === 0) return;
    const responses = await this.control.send(commands);
    const failed = responses.filter((response) => response.error !== undefined);
    for (const response of failed) {
      this.logger.warn({ command: response.command, error: response.error }, 'dynsec refused');
    }
    this.logger.info(
      { commands: commands.length, failed: failed.length },
      'broker accounts updated',
    );
  }
}

/** Datalogger clients and roles the database no longer has. */
function staleCommands(
  clients: Map<string, BrokerClient>,
  roles: Map<string, BrokerRole>,
  portalUsername: string,
): DynsecCommand[] {
  const staleClients = [...clients.values()].filter(
    (client) => client.textname === DATALOGGER_TEXTNAME && client.username !== portalUsername,
  );
  const staleRoles = [...roles.keys()].filter(isDataloggerRole);
  return [
    ...staleClients.map((client) => ({ command: 'deleteClient', username: client.username })),
    ...staleRoles.map((rolename) => ({ command: 'deleteRole', rolename })),
  ];
}

/** The object a get command answered, or null when the plugin has none by that name. */
function found<T>(
  response: DynsecResponse | undefined,
  field: 'client' | 'role',
  schema: z.ZodType<T>,
): T | null {
  if (!response || response.error !== undefined) return null;
  return schema.parse((response.data as Record<string, unknown> | undefined)?.[field]);
}
