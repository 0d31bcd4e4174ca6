import type { MaintenanceRecord, UpgradeProgress } from '@solar/contract';
import type { UpgradeJobRow } from './upgrades.tables.js';
import type { MaintenanceRow } from './maintenance-log.js';

export function presentProgress(row: UpgradeJobRow): UpgradeProgress {
  return {
    jobId: row.id,
    batchId: row.batch_id,
    sn: row.sn,
    status: row.status,
    percent: row.percent,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    failureReason: row.failure_reason,
  };
}

export function presentMaintenance(row: MaintenanceRow): MaintenanceRecord {
  const duration =
    row.started_at && row.finished_at
      ? Math.round((row.finished_at.getTime() - row.started_at.getTime()) / 1000)
      : null;
  return {
    id: row.id,
    batchId: row.batch_id,
    kind: row.kind,
    sn: row.sn,
    deviceKind: row.device_kind,
    plantId: row.plant_id,
    plantName: row.plant_name,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    firmwareFileName: row.firmware_file_name,
    user: row.user_email,
    status: row.status,
    percent: row.percent,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    durationSeconds: duration,
    failureReason: row.failure_reason,
  };
}

/** Batch progress: the mean of its devices' percents, finished once none is open. */
export function presentBatch(rows: UpgradeJobRow[]) {
  const devices = rows.map(presentProgress);
  const finished = ['succeeded', 'failed', 'canceled'];
  const percent =
    devices.length === 0
      ? 0
      : Math.round(devices.reduce((sum, device) => sum + device.percent, 0) / devices.length);
  return {
    percent,
    isFinished: devices.every((device) => finished.includes(device.status)),
    succeeded: devices.filter((device) => device.status === 'succeeded').length,
    failed: devices.filter((device) => device.status === 'failed').length,
    devices,
  };
}
