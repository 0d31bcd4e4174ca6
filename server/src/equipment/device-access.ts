import type { DeviceKind, FamilyEndpoints, ParsedQuery } from '@solar/contract';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { containsPattern } from '../db/listing.js';
import type { Database } from '../db/schema.js';
import {
  accessLevelOf,
  callersShare,
  isWithinKeyPlants,
  type PlantAccessLevel,
  seesEveryPlant,
  visiblePlants,
} from '../plants/plant-access.js';

/**
 * The one visibility rule of the device side: who may see a datalogger, and so every device
 * behind it. Everyone who sees its plant; while it is bound to no plant, its holder (the company,
 * or the account without a company, that added it). Factory stock held by nobody is seen by
 * platform administrators only. Lists, detail pages, commands and settings all filter with it.
 */
export function visibleDataloggers(auth: AuthContext) {
  return (eb: ExpressionBuilder<Database, 'dataloggers'>) => {
    if (seesEveryPlant(auth)) return eb.lit(true);
    const onVisiblePlant = eb(
      'dataloggers.plant_id',
      'in',
      eb.selectFrom('plants').select('plants.id').where(visiblePlants(auth)),
    );
    // A key restricted to chosen plants reaches no datalogger outside them.
    if (auth.apiKey?.plantIds) return onVisiblePlant;
    const held = [eb('dataloggers.owner_user_id', '=', auth.userId)];
    if (auth.companyId !== null) held.push(eb('dataloggers.owner_company_id', '=', auth.companyId));
    return eb.or([onVisiblePlant, eb.and([eb('dataloggers.plant_id', 'is', null), eb.or(held)])]);
  };
}

/** The plant's facts that decide the caller's access to a device (`accessLevelOfDevice`). */
export const PLANT_ACCESS_COLUMNS = [
  'plants.owner_user_id as plant_owner_user_id',
  'plants.company_id as plant_company_id',
  'plant_shares.role as share_role',
] as const;

/** The filters every device list (and its export) offers. */
export type DeviceListFilters = Partial<
  Pick<ParsedQuery<FamilyEndpoints['list']>, 'plantId' | 'status' | 'keyword'>
>;

/**
 * The one filter of the device lists, beside `visibleDataloggers`: for queries that join a
 * device to its datalogger and its plant. Filters left out match every device.
 */
export function matchingDevices(filters: DeviceListFilters) {
  return (
    eb: ExpressionBuilder<Database, 'devices' | 'dataloggers' | 'plants'>,
  ): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.plantId !== undefined) {
      conditions.push(eb('dataloggers.plant_id', '=', filters.plantId));
    }
    if (filters.status !== undefined) conditions.push(eb('devices.status', '=', filters.status));
    if (filters.keyword !== undefined) {
      const pattern = containsPattern(filters.keyword);
      conditions.push(
        eb.or([
          eb('devices.sn', 'ilike', pattern),
          eb('devices.alias', 'ilike', pattern),
          eb('plants.name', 'ilike', pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/**
 * The one device-visibility query: the devices of `kind` the caller may see
 * (`visibleDataloggers`) that match a list's filters, joined to their datalogger and plant (none
 * while unbound). Every device list and its export start from it.
 */
export function visibleDevices(
  db: Db,
  auth: AuthContext,
  kind: DeviceKind,
  filters: DeviceListFilters,
) {
  return db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .where('devices.kind', '=', kind)
    .where(visibleDataloggers(auth))
    .where(matchingDevices(filters));
}

/** A device list's columns in its order: the devices page and the devices export alike. */
export function listedDevices(devices: ReturnType<typeof visibleDevices>) {
  return devices
    .select([
      'devices.sn',
      'devices.alias',
      'devices.status',
      'devices.last_seen_at',
      'devices.last_values',
      'dataloggers.sn as datalogger_sn',
      'plants.name as plant_name',
      'plants.time_zone as plant_time_zone',
    ])
    .orderBy('plants.name', (ob) => ob.asc().nullsLast())
    .orderBy('devices.sn');
}

/**
 * One device by serial number with its datalogger and plant, when the caller may see its
 * datalogger (`visibleDataloggers`). Acting on a device (rename, delete, commands) needs
 * `manage`: its plant's owner and managers, members of the plant's company, platform
 * administrators, and the holder of an unbound datalogger; visitors of a shared plant read.
 * Null for an unknown or invisible device alike, so no answer tells another tenant's SNs apart.
 */
export async function findVisibleDevice(db: Db, auth: AuthContext, sn: string) {
  const row = await db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .leftJoin('plant_shares', callersShare(auth))
    .selectAll('devices')
    .select([
      'dataloggers.sn as datalogger_sn',
      'dataloggers.alias as datalogger_alias',
      'dataloggers.software_version as datalogger_software_version',
      'dataloggers.hardware_version as datalogger_hardware_version',
      'dataloggers.signal_strength as datalogger_signal_strength',
      'dataloggers.last_online_at as datalogger_last_online_at',
      'plants.id as plant_id',
      'plants.name as plant_name',
      'plants.time_zone as plant_time_zone',
      ...PLANT_ACCESS_COLUMNS,
    ])
    .where('devices.sn', '=', sn)
    .where(visibleDataloggers(auth))
    .executeTakeFirst();
  if (!row) return null;
  const level = accessLevelOfDevice(auth, row);
  return level === null ? null : { device: row, level };
}

export type VisibleDevice = NonNullable<Awaited<ReturnType<typeof findVisibleDevice>>>;

export function accessLevelOfDevice(
  auth: AuthContext,
  row: {
    plant_id: number | null;
    plant_owner_user_id: number | null;
    plant_company_id: number | null;
    share_role: 'visitor' | 'manager' | null;
  },
): PlantAccessLevel | null {
  if (row.plant_id !== null && !isWithinKeyPlants(auth, row.plant_id)) return null;
  // The device's datalogger passed `visibleDataloggers`: unbound, the caller is its holder.
  if (row.plant_id === null || row.plant_owner_user_id === null) return 'manage';
  // Company members act on their company's devices as far as their device permissions (checked
  // by each endpoint) go; `station.edit` is about the plant's own fields.
  if (auth.companyId !== null && row.plant_company_id === auth.companyId) return 'manage';
  return accessLevelOf(auth, {
    id: row.plant_id,
    owner_user_id: row.plant_owner_user_id,
    company_id: row.plant_company_id,
    role: row.share_role,
  });
}
