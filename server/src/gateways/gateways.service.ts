import {
  type createGateway,
  ErrorCode,
  type ErrorCodeValue,
  type GatewayStatus,
  type GatewayTransport,
  type listGateways,
  OFFLINE_AFTER_MINUTES,
  type ParsedBody,
  type ParsedQuery,
  type setGatewayProtocol,
} from '@solar/contract';
import { type Kysely, sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { callersShare, requirePlantAccess } from '../plants/plant-access.js';
import { PLANT_ACCESS_COLUMNS, visibleDataloggers } from '../equipment/device-access.js';
import { canManageGateway, requireManage } from './gateway-access.js';
import { isSameSecret } from '../auth/secret-token.js';
import type { GatewayDetailRecord, GatewayRowRecord } from './gateways.presenter.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type GatewayListQuery = ParsedQuery<typeof listGateways>;
export type NewGateway = ParsedBody<typeof createGateway>;
export type GatewayProtocolChange = ParsedBody<typeof setGatewayProtocol>;

/** One row's outcome in a check or an import; `detail` explains it beside the catalogue text. */
export interface RowOutcome {
  code: ErrorCodeValue;
  detail?: string;
}

/** A register row as the claim check needs it. */
interface RegisterRow {
  registration_key: string;
  plant_id: number | null;
  owner_company_id: number | null;
  owner_user_id: number | null;
}

/**
 * Whether the caller may add a datalogger of the factory register with this key: 305 when the
 * SN is not in the register, 300 when the key is wrong, 301 when it is bound to a plant or
 * already held by someone (the caller included).
 */
export function claimOutcome(row: RegisterRow | undefined, key: string): ErrorCodeValue {
  if (!row) return ErrorCode.dataloggerNotFound;
  if (!isSameSecret(row.registration_key, key)) return ErrorCode.dataloggerCredentials;
  const isHeld =
    row.plant_id !== null || row.owner_company_id !== null || row.owner_user_id !== null;
  return isHeld ? ErrorCode.dataloggerInUse : ErrorCode.ok;
}

/** Who holds what the caller adds: their company, or their own account without one. */
export function holderOf(auth: AuthContext): {
  owner_company_id: number | null;
  owner_user_id: number | null;
} {
  if (auth.kind === 'platform_admin') return { owner_company_id: null, owner_user_id: null };
  return auth.companyId !== null
    ? { owner_company_id: auth.companyId, owner_user_id: null }
    : { owner_company_id: null, owner_user_id: auth.userId };
}

/** `normal` while the datalogger sent data within the offline window, else `offline`. */
const statusExpression = sql<GatewayStatus>`case when dataloggers.last_online_at > now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}) then 'normal' else 'offline' end`;

const SORT_COLUMNS = {
  sn: 'dataloggers.sn',
  lastOnlineAt: 'dataloggers.last_online_at',
  signalStrength: 'dataloggers.signal_strength',
  plantName: 'plants.name',
} as const;

/** Dataloggers (gateways): the caller's list, their details and settings, adding and removing. */
export class GatewaysService {
  constructor(private readonly db: Db) {}

  private rows(db: Kysely<Database> = this.db) {
    return db.selectFrom('dataloggers').leftJoin('plants', 'plants.id', 'dataloggers.plant_id');
  }

  private rowColumns() {
    return [
      'dataloggers.id',
      'dataloggers.sn',
      'dataloggers.alias',
      'dataloggers.plant_id',
      'plants.name as plant_name',
      statusExpression.as('status'),
      'dataloggers.signal_strength',
      'dataloggers.software_version',
      'dataloggers.last_online_at',
      sql<number>`(select count(*) from devices where devices.datalogger_id = dataloggers.id)::int`.as(
        'device_count',
      ),
    ] as const;
  }

  async list(
    auth: AuthContext,
    query: GatewayListQuery,
  ): Promise<{ rows: GatewayRowRecord[]; total: number }> {
    let base = this.rows().where(visibleDataloggers(auth));
    if (query.plantId !== undefined) base = base.where('dataloggers.plant_id', '=', query.plantId);
    if (query.status !== undefined) base = base.where(statusExpression, '=', query.status);
    const keyword = query.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      base = base.where((eb) =>
        eb.or([eb('dataloggers.sn', 'ilike', pattern), eb('dataloggers.alias', 'ilike', pattern)]),
      );
    }
    return fetchPage(
      base
        .select(this.rowColumns())
        .orderBy(SORT_COLUMNS[query.sort], (ob) =>
          (query.order === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
        )
        .orderBy('dataloggers.id'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  /** The datalogger with the facts deciding access; 305 when it is not visible to the caller. */
  private async load(auth: AuthContext, sn: string, db: Kysely<Database> = this.db) {
    const row = await this.rows(db)
      .leftJoin('plant_shares', callersShare(auth))
      .select(this.rowColumns())
      .select([
        'dataloggers.registration_key',
        'dataloggers.protocol',
        'dataloggers.transport',
        'dataloggers.hardware_version',
        'dataloggers.iccid',
        'dataloggers.connection_password',
        'dataloggers.owner_company_id',
        'dataloggers.owner_user_id',
        'dataloggers.report_interval_seconds',
        'dataloggers.is_remote_setting_enabled',
        'dataloggers.settings_updated_at',
        'dataloggers.created_at',
        ...PLANT_ACCESS_COLUMNS,
      ])
      .where('dataloggers.sn', '=', sn)
      .where(visibleDataloggers(auth))
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.dataloggerNotFound);
    const facts = {
      plant_id: row.plant_id,
      owner_company_id: row.owner_company_id,
      owner_user_id: row.owner_user_id,
      plant:
        row.plant_id === null || row.plant_owner_user_id === null
          ? null
          : {
              id: row.plant_id,
              owner_user_id: row.plant_owner_user_id,
              company_id: row.plant_company_id,
              role: row.share_role,
            },
    };
    return { row, facts, canManage: canManageGateway(auth, facts) };
  }

  async detail(auth: AuthContext, sn: string): Promise<GatewayDetailRecord> {
    const { row, canManage } = await this.load(auth, sn);
    const devices = await this.db
      .selectFrom('devices')
      .select('sn')
      .where('datalogger_id', '=', row.id)
      .orderBy('sn')
      .execute();
    return { ...row, gsns: devices.map((device) => device.sn), canManage };
  }

  /** A loaded datalogger the caller may manage; 305 when not visible, 2 when only visible. */
  private async managed(auth: AuthContext, sn: string) {
    const loaded = await this.load(auth, sn);
    requireManage(auth, loaded.facts);
    return loaded.row;
  }

  /**
   * Adds a datalogger of the factory register to the caller's list (see `claimOutcome`),
   * optionally bound to a plant the caller manages. A platform administrator adding an SN the
   * register does not know registers it (the administrator stands for the factory).
   */
  async create(auth: AuthContext, input: NewGateway): Promise<GatewayDetailRecord> {
    const plantId = input.plantId ?? null;
    if (plantId !== null) await requirePlantAccess(this.db, auth, plantId, 'manage');
    await retryingTransaction(this.db, async (trx) => {
      const row = await trx
        .selectFrom('dataloggers')
        .select(['id', 'registration_key', 'plant_id', 'owner_company_id', 'owner_user_id'])
        .where('sn', '=', input.sn)
        .forUpdate()
        .executeTakeFirst();
      const holder =
        plantId !== null && auth.kind === 'platform_admin'
          ? await this.plantHolder(trx, plantId)
          : holderOf(auth);
      if (!row && auth.kind === 'platform_admin') {
        await trx
          .insertInto('dataloggers')
          .values({
            sn: input.sn,
            registration_key: input.key,
            alias: input.alias ?? null,
            plant_id: plantId,
            ...holder,
          })
          .onConflict((oc) => oc.column('sn').doNothing())
          .execute();
        return;
      }
      const outcome = claimOutcome(row, input.key);
      if (outcome !== ErrorCode.ok || !row) throw new AppError(outcome);
      await trx
        .updateTable('dataloggers')
        .set({ ...holder, alias: input.alias ?? null, plant_id: plantId })
        .where('id', '=', row.id)
        .execute();
    });
    return this.detail(auth, input.sn);
  }

  private async plantHolder(db: Kysely<Database>, plantId: number) {
    const plant = await db
      .selectFrom('plants')
      .select(['company_id', 'owner_user_id'])
      .where('id', '=', plantId)
      .executeTakeFirstOrThrow();
    return { owner_company_id: plant.company_id, owner_user_id: plant.owner_user_id };
  }

  /**
   * Returns the datalogger to the factory stock: nobody holds it, its alias and settings are
   * reset, its devices and their history stay (a later holder adds it again with its key).
   */
  async remove(auth: AuthContext, sn: string): Promise<void> {
    const row = await this.managed(auth, sn);
    if (row.plant_id !== null) {
      throw new AppError(
        ErrorCode.dataloggerInUse,
        'The datalogger is bound to a plant; unbind it from the plant first',
      );
    }
    await this.db
      .updateTable('dataloggers')
      .set({
        owner_company_id: null,
        owner_user_id: null,
        alias: null,
        is_remote_setting_enabled: true,
        settings_updated_at: null,
      })
      .where('id', '=', row.id)
      .where('plant_id', 'is', null)
      .execute();
  }

  async rename(auth: AuthContext, sn: string, alias: string | null): Promise<GatewayDetailRecord> {
    const row = await this.managed(auth, sn);
    await this.db.updateTable('dataloggers').set({ alias }).where('id', '=', row.id).execute();
    return this.detail(auth, sn);
  }

  /**
   * The datalogger side of an unbind (section 4: sent after the plant-gateway unbind answered
   * 0): the plant-specific alias is cleared and the datalogger stays in its holder's list.
   */
  async unbind(auth: AuthContext, sn: string): Promise<GatewayDetailRecord> {
    const row = await this.managed(auth, sn);
    if (row.plant_id !== null) {
      throw new AppError(
        ErrorCode.dataloggerInUse,
        'The datalogger is still bound to a plant; unbind it from the plant first',
      );
    }
    await this.db
      .updateTable('dataloggers')
      .set({ alias: null })
      .where('id', '=', row.id)
      .execute();
    return this.detail(auth, sn);
  }

  async communication(auth: AuthContext, sn: string) {
    const { row, canManage } = await this.load(auth, sn);
    return { ...row, canManage };
  }

  /** Stores the communication settings; code 2 while remote settings are switched off. */
  /**
   * Whether the change may be sent: a datalogger the caller manages, remote settings on, and
   * not the state it is in already ("The same communication status cannot be delivered").
   */
  async checkProtocolChange(auth: AuthContext, sn: string, change: GatewayProtocolChange) {
    const row = await this.managed(auth, sn);
    if (!row.is_remote_setting_enabled) {
      throw new AppError(
        ErrorCode.noPermission,
        'Remote settings are switched off for this datalogger',
      );
    }
    if (
      row.transport === change.transport &&
      row.report_interval_seconds === change.reportIntervalSeconds
    ) {
      throw new AppError(ErrorCode.sameDeviceState);
    }
  }

  /** Stores the communication settings the datalogger confirmed. */
  async setProtocol(auth: AuthContext, sn: string, change: GatewayProtocolChange) {
    const row = await this.managed(auth, sn);
    await this.db
      .updateTable('dataloggers')
      .set({
        transport: change.transport satisfies GatewayTransport,
        report_interval_seconds: change.reportIntervalSeconds,
        settings_updated_at: sql<Date>`now()`,
      })
      .where('id', '=', row.id)
      .execute();
    return this.communication(auth, sn);
  }

  async switchSettings(auth: AuthContext, sn: string, isEnabled: boolean) {
    const row = await this.managed(auth, sn);
    await this.db
      .updateTable('dataloggers')
      .set({ is_remote_setting_enabled: isEnabled })
      .where('id', '=', row.id)
      .execute();
    return this.communication(auth, sn);
  }

  /** The claim outcome of each SN and key pair; a pair listed twice is 301 from its second row. */
  async check(pairs: readonly { sn: string; key: string }[]): Promise<RowOutcome[]> {
    const register = await this.registerRows(
      this.db,
      pairs.map((pair) => pair.sn),
    );
    const firstRow = new Map<string, number>();
    return pairs.map((pair, index) => {
      const first = firstRow.get(pair.sn);
      if (first !== undefined) {
        return { code: ErrorCode.dataloggerInUse, detail: `Listed twice (first in row ${first})` };
      }
      firstRow.set(pair.sn, index + 1);
      return { code: claimOutcome(register.get(pair.sn), pair.key) };
    });
  }

  /** The register rows of these SNs, locked when `db` is a transaction that asks for it. */
  async registerRows(db: Kysely<Database>, serials: readonly string[], lock = false) {
    const found = new Map<string, RegisterRow & { id: number }>();
    const unique = [...new Set(serials)];
    // Chunks keep the parameter count of one statement far below PostgreSQL's limit.
    for (let start = 0; start < unique.length; start += 1000) {
      let query = db
        .selectFrom('dataloggers')
        .select(['id', 'sn', 'registration_key', 'plant_id', 'owner_company_id', 'owner_user_id'])
        .where('sn', 'in', unique.slice(start, start + 1000))
        .orderBy('id');
      if (lock) query = query.forUpdate();
      for (const row of await query.execute()) found.set(row.sn, row);
    }
    return found;
  }
}
