import {
  BUILTIN_REGISTER_MAPS,
  builtinRegisterMap,
  ErrorCode,
  type importRegisterMap,
  type importRegisterMapFromProtocol,
  type listRegisterMaps,
  type ParsedBody,
  MODBUS_TRANSPORTS,
  type ParsedQuery,
  type RegisterMap,
  registerMap,
  registerMapFromProtocol,
  registerMapFromSunSpec,
  type SettingsFamily,
  SunSpecImportError,
  validateSettingsForModel,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { visibleDataloggers } from '../equipment/device-access.js';
import { settingsFamilyOfModel } from './settings-family.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type StoredRegisterMapRow = Row<'register_maps'>;

/** A map version as the list shows it: built-in ones have no row. */
export interface RegisterMapVersion {
  map: RegisterMap;
  row: StoredRegisterMapRow | null;
  isEffective: boolean;
}

/** The inverter a settings call is about, once the caller may see it. */
export interface SettingsTarget {
  deviceId: number;
  sn: string;
  modelCode: string | null;
  family: SettingsFamily;
  map: RegisterMap;
}

function storedMap(row: StoredRegisterMapRow): RegisterMap {
  // The definition was checked on import; a row edited by hand must not reach a device.
  return registerMap.parse(row.definition);
}

export class RegisterMapsService {
  constructor(private readonly db: Db) {}

  /**
   * The map a family uses now: the newest of its built-in and imported versions. A map imported
   * from a SunSpec model is not among them: it applies only to the devices declaring that model
   * (`sunSpecMapFor`).
   */
  async effectiveMap(family: SettingsFamily): Promise<RegisterMap | null> {
    const builtin = builtinRegisterMap(family);
    const newest = await this.db
      .selectFrom('register_maps')
      .selectAll()
      .where('family', '=', family)
      .where('sunspec_model_id', 'is', null)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest && (builtin === null || newest.version > builtin.version)) return storedMap(newest);
    return builtin;
  }

  /**
   * The newest map imported from a SunSpec model the device declares, its own family's first;
   * null for a device that declares none of them.
   */
  private async sunSpecMapFor(
    declaredModels: readonly number[],
    family: SettingsFamily | null,
  ): Promise<RegisterMap | null> {
    if (declaredModels.length === 0) return null;
    const row = await this.db
      .selectFrom('register_maps')
      .selectAll()
      .where('sunspec_model_id', 'in', declaredModels)
      .orderBy(sql`family = ${family}`, sql`DESC NULLS LAST`)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? storedMap(row) : null;
  }

  async list(query: ParsedQuery<typeof listRegisterMaps>) {
    const rows = await this.db
      .selectFrom('register_maps')
      .selectAll()
      .$if(query.family !== undefined, (qb) => qb.where('family', '=', query.family!))
      .orderBy('family')
      .orderBy('version', 'desc')
      .execute();
    const versions = [
      ...rows.map((row) => ({ map: storedMap(row), row })),
      ...BUILTIN_REGISTER_MAPS.filter(
        (m) => query.family === undefined || m.family === query.family,
      ).map((map) => ({ map, row: null })),
    ].sort((a, b) => a.map.family.localeCompare(b.map.family) || b.map.version - a.map.version);
    // A SunSpec import is in effect for the devices declaring its model: its own scope.
    const scopeOf = (map: RegisterMap) =>
      map.sunspecModelId === null ? map.family : `${map.family}:sunspec:${map.sunspecModelId}`;
    const seen = new Set<string>();
    const all: RegisterMapVersion[] = versions.map((version) => {
      const scope = scopeOf(version.map);
      const isEffective = !seen.has(scope);
      seen.add(scope);
      return { ...version, isEffective };
    });
    const start = (query.page - 1) * query.size;
    return { versions: all.slice(start, start + query.size), total: all.length };
  }

  /** The next version number of a family, held for the transaction that stores it. */
  private async nextVersion(trx: Db, family: SettingsFamily): Promise<number> {
    // Two imports for one family at once would otherwise take the same version number.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`register_maps:${family}`}))`.execute(trx);
    const newest = await trx
      .selectFrom('register_maps')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('family', '=', family)
      .executeTakeFirst();
    return Math.max(newest?.version ?? 0, builtinRegisterMap(family)?.version ?? 0) + 1;
  }

  private async store(
    trx: Db,
    auth: AuthContext,
    map: RegisterMap & { source: StoredRegisterMapRow['source'] },
  ): Promise<RegisterMapVersion> {
    const row = await trx
      .insertInto('register_maps')
      .values({
        family: map.family,
        version: map.version,
        name: map.name,
        source: map.source,
        sunspec_model_id: map.sunspecModelId,
        protocol_id: map.protocol?.id ?? null,
        definition: JSON.stringify(map),
        created_by: auth.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { map, row, isEffective: true };
  }

  /** Stores an imported SunSpec model as the family's next version. */
  async importSunSpec(auth: AuthContext, body: ParsedBody<typeof importRegisterMap>) {
    const builtin = builtinRegisterMap(body.family);
    return retryingTransaction(this.db, async (trx) => {
      const version = await this.nextVersion(trx, body.family);
      let imported;
      try {
        imported = registerMapFromSunSpec(body.model, {
          family: body.family,
          version,
          phases: body.phases ?? builtin?.phases ?? 3,
          baseAddress: body.baseAddress,
          ...(body.scaleFactors ? { scaleFactors: body.scaleFactors } : {}),
          ...(body.name ? { name: body.name } : {}),
        });
      } catch (error) {
        if (!(error instanceof SunSpecImportError)) throw error;
        throw new AppError(ErrorCode.validation, error.message, {
          fields: [{ field: 'model', message: 'validation.invalid' }],
        });
      }
      const stored = await this.store(trx, auth, { ...imported.map, source: 'sunspec' });
      return { version: stored, warnings: imported.warnings };
    });
  }

  /**
   * Stores an enabled Modbus protocol's columns as the family's next version: 2 for an unknown
   * protocol, 4 for one that is disabled or no Modbus, or with columns that cannot be settings.
   */
  async importProtocol(
    auth: AuthContext,
    body: ParsedBody<typeof importRegisterMapFromProtocol>,
  ): Promise<RegisterMapVersion> {
    return retryingTransaction(this.db, async (trx) => {
      const protocol = await trx
        .selectFrom('device_protocols')
        .select(['id', 'name', 'version', 'transport', 'is_enabled'])
        .where('id', '=', body.protocolId)
        .executeTakeFirst();
      if (!protocol) throw new AppError(ErrorCode.noPermission, 'device protocol not found');
      if (!protocol.is_enabled || !MODBUS_TRANSPORTS.includes(protocol.transport)) {
        throw new AppError(ErrorCode.validation, 'not an enabled Modbus protocol', {
          fields: [{ field: 'protocolId', message: 'validation.modbusProtocol' }],
        });
      }
      const columns = await trx
        .selectFrom('device_protocol_columns')
        .select(['key', 'name', 'unit', 'scale', 'value_type as valueType'])
        .where('protocol_id', '=', protocol.id)
        .orderBy('sort_order')
        .orderBy('key')
        .execute();
      const version = await this.nextVersion(trx, body.family);
      const imported = registerMapFromProtocol(
        { id: protocol.id, name: protocol.name, version: protocol.version, columns },
        {
          family: body.family,
          version,
          phases: body.phases ?? builtinRegisterMap(body.family)?.phases ?? 3,
          ...(body.name ? { name: body.name } : {}),
        },
      );
      if (!imported.ok) {
        throw new AppError(ErrorCode.validation, 'columns that cannot be settings', {
          fields: imported.fields,
        });
      }
      return this.store(trx, auth, { ...imported.map, source: 'protocol' });
    });
  }

  /**
   * The inverter `sn` with its family's map: 600 when it does not exist or is not visible to the
   * caller (`visibleDataloggers`), 601 when its model has no family or the family no map.
   */
  async settingsTarget(auth: AuthContext, sn: string): Promise<SettingsTarget> {
    const device = await this.db
      .selectFrom('devices')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .select(['devices.id', 'devices.sn', 'devices.model_code', 'devices.sunspec_models'])
      .where('devices.sn', '=', sn)
      .where('devices.kind', '=', 'inverter')
      .where(visibleDataloggers(auth))
      .executeTakeFirst();
    if (!device) throw new AppError(ErrorCode.inverterNotFound);
    const modelFamily = settingsFamilyOfModel(device.model_code);
    const map =
      (await this.sunSpecMapFor(device.sunspec_models ?? [], modelFamily)) ??
      (modelFamily === null ? null : await this.effectiveMap(modelFamily));
    if (map === null) throw new AppError(ErrorCode.brandParameterUnsupported);
    const target = { deviceId: device.id, sn: device.sn, modelCode: device.model_code };
    return { ...target, family: map.family, map };
  }

  /**
   * The check before a settings write reaches the device (the commands domain's seam): the
   * target as `settingsTarget` finds it and the values validated against its map; throws 600,
   * 601, 4 (with the failing fields) or 605.
   */
  async checkSettingsWrite(
    auth: AuthContext,
    sn: string,
    values: unknown,
  ): Promise<{ target: SettingsTarget; values: Record<string, number | string | boolean> }> {
    const target = await this.settingsTarget(auth, sn);
    const result = validateSettingsForModel(target.family, values, target.map);
    if (!result.ok) {
      throw new AppError(
        result.code,
        undefined,
        result.code === ErrorCode.validation ? { fields: result.fields } : null,
      );
    }
    return { target, values: result.values };
  }
}
