import {
  compareFirmwareVersions,
  ErrorCode,
  FIRMWARE_KINDS,
  firmwareKindOf,
  type listFirmwares,
  type listFirmwareVersions,
  type ParsedQuery,
} from '@solar/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { StoredFirmwareUpload } from './firmware-upload.js';
import type { FirmwareListRow, FirmwareRow } from './firmware.tables.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Equipment types whose library tab the caller's permissions show. */
function permittedEquipTypes(auth: AuthContext): number[] {
  return FIRMWARE_KINDS.filter((kind) => auth.permissions.has(kind.permission)).map(
    (kind) => kind.equipType,
  );
}

/**
 * Firmware the caller sees: the platform's own (no company) and their company's; a platform
 * administrator sees all. Only the kinds their permissions show.
 */
export function visibleFirmware(auth: AuthContext) {
  return (eb: ExpressionBuilder<Database, 'firmwares'>) => {
    const types = permittedEquipTypes(auth);
    const ofKinds = types.length > 0 ? eb('firmwares.equip_type', 'in', types) : eb.lit(false);
    if (auth.kind === 'platform_admin') return ofKinds;
    const tenant =
      auth.companyId === null
        ? eb('firmwares.company_id', 'is', null)
        : eb.or([
            eb('firmwares.company_id', 'is', null),
            eb('firmwares.company_id', '=', auth.companyId),
          ]);
    return eb.and([ofKinds, tenant]);
  };
}

function assertKindPermitted(auth: AuthContext, equipType: number): void {
  const kind = firmwareKindOf(equipType);
  if (!kind || !auth.permissions.has(kind.permission)) throw new AppError(ErrorCode.noPermission);
}

export type VersionsQuery = ParsedQuery<typeof listFirmwareVersions>;

export class FirmwareService {
  constructor(
    private readonly db: Db,
    private readonly files: ObjectStore,
  ) {}

  /**
   * Adds an uploaded firmware to the library. Within one product the file name is unique (4000),
   * the version is new (4002) and higher than the latest (4001); the stored file is removed on
   * any refusal.
   */
  async create(auth: AuthContext, upload: StoredFirmwareUpload): Promise<number> {
    try {
      assertKindPermitted(auth, upload.fields.equipType);
      const companyId = auth.kind === 'platform_admin' ? null : auth.companyId;
      return await retryingTransaction(this.db, async (trx) => {
        // One writer per product at a time, so two uploads cannot both pass the version order.
        const lockKey = `firmware:${upload.fields.equipType}:${upload.fields.product}`;
        await sql`SELECT pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(trx);
        const siblings = await trx
          .selectFrom('firmwares')
          .select(['file_name', 'version'])
          .where('equip_type', '=', upload.fields.equipType)
          .where('product', '=', upload.fields.product)
          .where((eb) =>
            companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId),
          )
          .execute();
        checkAgainstSiblings(siblings, upload);
        const row = await trx
          .insertInto('firmwares')
          .values({
            company_id: companyId,
            firm_id: upload.fields.firmId,
            brand: upload.fields.brand,
            product: upload.fields.product,
            epn: upload.fields.epn,
            equip_type: upload.fields.equipType,
            version: upload.fields.version,
            file_name: upload.fileName,
            object_key: upload.objectKey,
            size_bytes: upload.size,
            sha256: upload.sha256,
            upgrade_mode: upload.fields.upgradeMode,
            strategy: upload.fields.strategy,
            notes: upload.fields.notes,
            created_by: auth.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    } catch (error) {
      await this.files.remove(upload.objectKey);
      throw error;
    }
  }

  async list(
    auth: AuthContext,
    query: ParsedQuery<typeof listFirmwares>,
  ): Promise<{ rows: FirmwareListRow[]; total: number }> {
    let base = this.db
      .selectFrom('firmwares')
      .leftJoin('users', 'users.id', 'firmwares.created_by')
      .where(visibleFirmware(auth));
    if (query.equipType !== undefined)
      base = base.where('firmwares.equip_type', '=', query.equipType);
    if (query.product) base = base.where('firmwares.product', '=', query.product);
    if (query.isEnabled !== undefined)
      base = base.where('firmwares.is_enabled', '=', query.isEnabled);
    if (query.keyword) {
      const pattern = containsPattern(query.keyword);
      base = base.where((eb) =>
        eb.or([
          eb('firmwares.product', 'ilike', pattern),
          eb('firmwares.brand', 'ilike', pattern),
          eb('firmwares.file_name', 'ilike', pattern),
          eb('firmwares.version', 'ilike', pattern),
          eb('firmwares.firm_id', 'ilike', pattern),
        ]),
      );
    }
    const rows = base
      .selectAll('firmwares')
      .select('users.email as creator_email')
      .orderBy('firmwares.created_at', 'desc')
      .orderBy('firmwares.id', 'desc');
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    return fetchPage(rows, count, query);
  }

  /** One visible firmware; 4003 otherwise. */
  async get(auth: AuthContext, id: number): Promise<FirmwareListRow> {
    const row = await this.db
      .selectFrom('firmwares')
      .leftJoin('users', 'users.id', 'firmwares.created_by')
      .selectAll('firmwares')
      .select('users.email as creator_email')
      .where('firmwares.id', '=', id)
      .where(visibleFirmware(auth))
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.firmwareNotFound);
    return row;
  }

  /** Changing or deleting: the platform's firmware by platform administrators only (code 2). */
  private async managed(auth: AuthContext, id: number): Promise<FirmwareListRow> {
    const row = await this.get(auth, id);
    if (auth.kind !== 'platform_admin' && row.company_id !== auth.companyId) {
      throw new AppError(ErrorCode.noPermission);
    }
    return row;
  }

  async setEnabled(auth: AuthContext, id: number, isEnabled: boolean): Promise<FirmwareListRow> {
    await this.managed(auth, id);
    await this.db
      .updateTable('firmwares')
      .set({ is_enabled: isEnabled })
      .where('id', '=', id)
      .execute();
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const row = await this.managed(auth, id);
    await this.db.deleteFrom('firmwares').where('id', '=', id).execute();
    await this.files.remove(row.object_key);
  }

  /** Version history of the visible firmware, newest first. */
  async versions(auth: AuthContext, query: VersionsQuery): Promise<FirmwareRow[]> {
    let base = this.db.selectFrom('firmwares').selectAll().where(visibleFirmware(auth));
    if (query.product) base = base.where('product', '=', query.product);
    if (query.equipType !== undefined) base = base.where('equip_type', '=', query.equipType);
    const rows = await base.orderBy('created_at', 'desc').limit(500).execute();
    return rows.sort(
      (a, b) => a.product.localeCompare(b.product) || compareFirmwareVersions(b.version, a.version),
    );
  }
}

function checkAgainstSiblings(
  siblings: { file_name: string; version: string }[],
  upload: StoredFirmwareUpload,
): void {
  if (siblings.some((row) => row.file_name === upload.fileName)) {
    throw new AppError(ErrorCode.firmwareNameDuplicate);
  }
  if (siblings.some((row) => row.version === upload.fields.version)) {
    throw new AppError(ErrorCode.firmwareVersionDuplicate);
  }
  const isNotNewest = siblings.some(
    (row) => compareFirmwareVersions(row.version, upload.fields.version) >= 0,
  );
  if (isNotNewest) throw new AppError(ErrorCode.firmwareLatest);
}
