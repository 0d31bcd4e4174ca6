import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { accessLevelOf, type PlantAccessLevel } from '../plants/plant-access.js';

/**
 * One device by serial number with its datalogger and plant, when the caller may see it: a
 * device is visible when its datalogger's plant is (plants/plant-access.ts). A datalogger bound
 * to no plant has no owner recorded, so its devices are visible to platform administrators only.
 * Acting on a device (rename, delete, commands) needs `manage`: its plant's owner and managers,
 * members of the plant's company, platform administrators; visitors of a shared plant read.
 * Null for an unknown or invisible device alike, so no answer tells another tenant's SNs apart.
 */
export async function findVisibleDevice(db: Db, auth: AuthContext, sn: string) {
  const row = await db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .leftJoin('plant_shares', (join) =>
      join
        .onRef('plant_shares.plant_id', '=', 'plants.id')
        .on('plant_shares.user_id', '=', auth.userId),
    )
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
      'plants.owner_user_id as plant_owner_user_id',
      'plants.company_id as plant_company_id',
      'plant_shares.role as share_role',
    ])
    .where('devices.sn', '=', sn)
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
  if (row.plant_id === null || row.plant_owner_user_id === null) {
    return auth.kind === 'platform_admin' ? 'manage' : null;
  }
  // Company members act on their company's devices as far as their device permissions (checked
  // by each endpoint) go; `station.edit` is about the plant's own fields.
  if (auth.companyId !== null && row.plant_company_id === auth.companyId) return 'manage';
  return accessLevelOf(auth, {
    owner_user_id: row.plant_owner_user_id,
    company_id: row.plant_company_id,
    role: row.share_role,
  });
}
