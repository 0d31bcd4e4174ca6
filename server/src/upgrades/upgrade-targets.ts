import { ErrorCode, firmwareKindOf, OFFLINE_AFTER_MINUTES } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import {
  accessLevelOfDevice,
  findVisibleDevice,
  PLANT_ACCESS_COLUMNS,
  visibleDataloggers,
} from '../equipment/device-access.js';
import { callersShare } from '../plants/plant-access.js';
import { AppError } from '../errors/app-error.js';
import type { FirmwareRow } from '../firmware/firmware.tables.js';

/** A device (or datalogger) an upgrade is for, as the checks before sending see it. */
export interface UpgradeTarget {
  sn: string;
  kind: string;
  dataloggerId: number;
  deviceId: number | null;
  plantId: number | null;
  status: string;
  model: string | null;
  hardware: string | null;
  version: string | null;
}

/** Statuses a device may be upgraded from (spec section 4); offline is handled on its own. */
export const UPGRADABLE_STATUSES = ['normal', 'warning', 'offline'];

/** A datalogger that reported within the contract's offline delay is online. */
const DATALOGGER_ONLINE_MS = OFFLINE_AFTER_MINUTES * 60_000;

export function isDataloggerOnline(lastOnlineAt: Date | null, now = new Date()): boolean {
  return lastOnlineAt !== null && now.getTime() - lastOnlineAt.getTime() < DATALOGGER_ONLINE_MS;
}

/** The datalogger with this SN the caller manages: the one visibility rule of the devices. */
async function findDatalogger(
  db: Db,
  auth: AuthContext,
  sn: string,
): Promise<UpgradeTarget | null> {
  const row = await db
    .selectFrom('dataloggers')
    .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .leftJoin('plant_shares', callersShare(auth))
    .select([
      'dataloggers.id',
      'dataloggers.sn',
      'dataloggers.plant_id',
      'dataloggers.hardware_version',
      'dataloggers.software_version',
      'dataloggers.last_online_at',
      ...PLANT_ACCESS_COLUMNS,
    ])
    .where('dataloggers.sn', '=', sn)
    .where(visibleDataloggers(auth))
    .executeTakeFirst();
  if (!row || accessLevelOfDevice(auth, row) !== 'manage') return null;
  const isOnline = isDataloggerOnline(row.last_online_at);
  return {
    sn: row.sn,
    kind: 'datalogger',
    dataloggerId: row.id,
    deviceId: null,
    plantId: row.plant_id,
    status: isOnline ? 'normal' : 'offline',
    // A datalogger's hardware version names its model; it reports no separate part number.
    model: row.hardware_version,
    hardware: null,
    version: row.software_version,
  };
}

/** The device with this SN the caller may act on, for a firmware of `equipType`; 606 otherwise. */
export async function findUpgradeTarget(
  db: Db,
  auth: AuthContext,
  sn: string,
  equipType: number,
): Promise<UpgradeTarget> {
  if (firmwareKindOf(equipType)?.id === 'datalogger') {
    const datalogger = await findDatalogger(db, auth, sn);
    if (!datalogger) throw new AppError(ErrorCode.deviceNotFound);
    return datalogger;
  }
  const visible = await findVisibleDevice(db, auth, sn);
  if (!visible || visible.level !== 'manage') throw new AppError(ErrorCode.deviceNotFound);
  const { device } = visible;
  return {
    sn: device.sn,
    kind: device.kind,
    dataloggerId: device.datalogger_id,
    deviceId: device.id,
    plantId: device.plant_id,
    status: device.status,
    model: device.model_code,
    hardware: device.hardware_version,
    version: device.firmware_version,
  };
}

/**
 * The checks before sending (spec section 8): the status allows it (4005), the firmware is for
 * the device's kind, model and hardware (4004), and the device does not run it already (4001).
 */
export function checkUpgradable(target: UpgradeTarget, firmware: FirmwareRow): void {
  if (!UPGRADABLE_STATUSES.includes(target.status)) {
    throw new AppError(ErrorCode.upgradeStatusRefused, undefined, { sns: [target.sn] });
  }
  const kind = firmwareKindOf(firmware.equip_type);
  const fitsKind = (kind?.deviceKinds as readonly string[] | undefined)?.includes(target.kind);
  const fitsModel = target.model === firmware.product;
  const fitsHardware = target.hardware === null || target.hardware === firmware.epn;
  if (!fitsKind || !fitsModel || !fitsHardware || firmware.upgrade_mode !== 'remote') {
    throw new AppError(ErrorCode.firmwareMismatch, undefined, { sns: [target.sn] });
  }
  if (target.version === firmware.version) {
    throw new AppError(ErrorCode.firmwareLatest, undefined, { sns: [target.sn] });
  }
}
