import { ErrorCode, firmwareKindOf } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { FirmwareRow } from '../firmware/firmware.tables.js';
import { visiblePlants } from '../plants/plant-access.js';

/** Which devices a campaign is for, beyond the firmware's kind and model. */
export interface CampaignFilter {
  fromVersion?: string;
  plantId?: number;
  companyId?: number;
}

/** A device a campaign upgrades, fixed when the campaign starts. */
export interface CampaignTarget {
  sn: string;
  device_kind: string;
  datalogger_id: number;
  device_id: number | null;
  plant_id: number | null;
  from_version: string | null;
}

/** The plants the campaign may reach: the caller's, narrowed to one plant or company. */
function plantsOf(db: Db, auth: AuthContext, filter: CampaignFilter) {
  let plants = db.selectFrom('plants').select('plants.id').where(visiblePlants(auth));
  if (filter.plantId !== undefined) plants = plants.where('plants.id', '=', filter.plantId);
  if (filter.companyId !== undefined) {
    plants = plants.where('plants.company_id', '=', filter.companyId);
  }
  return plants;
}

async function dataloggerTargets(
  db: Db,
  auth: AuthContext,
  firmware: FirmwareRow,
  filter: CampaignFilter,
): Promise<CampaignTarget[]> {
  let query = db
    .selectFrom('dataloggers')
    .select(['sn', 'id as datalogger_id', 'plant_id', 'software_version as from_version'])
    .where('hardware_version', '=', firmware.product)
    .where('plant_id', 'in', plantsOf(db, auth, filter));
  if (filter.fromVersion) query = query.where('software_version', '=', filter.fromVersion);
  const rows = await query.orderBy('sn').execute();
  return rows.map((row) => ({ ...row, device_kind: 'datalogger', device_id: null }));
}

async function deviceTargets(
  db: Db,
  auth: AuthContext,
  firmware: FirmwareRow,
  filter: CampaignFilter,
  deviceKinds: readonly string[],
): Promise<CampaignTarget[]> {
  let query = db
    .selectFrom('devices as d')
    .innerJoin('dataloggers as l', 'l.id', 'd.datalogger_id')
    .select([
      'd.sn',
      'd.kind as device_kind',
      'd.datalogger_id',
      'd.id as device_id',
      'l.plant_id',
      'd.firmware_version as from_version',
    ])
    .where('d.kind', 'in', deviceKinds as never[])
    .where('d.model_code', '=', firmware.product)
    .where((eb) =>
      eb.or([eb('d.hardware_version', 'is', null), eb('d.hardware_version', '=', firmware.epn)]),
    )
    .where('l.plant_id', 'in', plantsOf(db, auth, filter));
  if (filter.fromVersion) query = query.where('d.firmware_version', '=', filter.fromVersion);
  return query.orderBy('d.sn').execute();
}

/**
 * The devices of the firmware's kind and model (and hardware) on the plants the caller may
 * reach, not already on the firmware's version: 4004 for a firmware not upgraded remotely,
 * 4007 when nothing is left.
 */
export async function findCampaignTargets(
  db: Db,
  auth: AuthContext,
  firmware: FirmwareRow,
  filter: CampaignFilter,
): Promise<CampaignTarget[]> {
  const kind = firmwareKindOf(firmware.equip_type);
  if (!kind || firmware.upgrade_mode !== 'remote') throw new AppError(ErrorCode.firmwareMismatch);
  const all =
    kind.id === 'datalogger'
      ? await dataloggerTargets(db, auth, firmware, filter)
      : await deviceTargets(db, auth, firmware, filter, kind.deviceKinds);
  const targets = all.filter((target) => target.from_version !== firmware.version);
  if (targets.length === 0) throw new AppError(ErrorCode.campaignNoTargets);
  return targets;
}
