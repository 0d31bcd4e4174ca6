import type { CampaignDevice, CampaignSummary, CampaignWave } from '@solar/contract';
import { windowOf } from './campaign-engine.js';
import { failureRatePercent } from './campaign-waves.js';
import type { CampaignsService, CampaignWithCounts } from './campaigns.service.js';

type WaveRow = Awaited<ReturnType<CampaignsService['waves']>>[number];
type DeviceRow = Awaited<ReturnType<CampaignsService['devices']>>[number];

export function presentCampaign({ row, counts }: CampaignWithCounts): CampaignSummary {
  return {
    id: row.id,
    name: row.name,
    firmwareId: row.firmware_id,
    firmwareFileName: row.firmware_file_name,
    toVersion: row.to_version,
    status: row.status,
    pauseReason: row.pause_reason,
    window: windowOf(row),
    failureThresholdPercent: Number(row.failure_threshold_percent),
    currentWave: row.current_wave,
    totalDevices: Object.values(counts).reduce((sum, count) => sum + count, 0),
    counts,
    createdBy: row.created_by_email,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export function presentWave(row: WaveRow): CampaignWave {
  const succeeded = Number(row.succeeded);
  const failed = Number(row.failed);
  return {
    number: row.number,
    size: row.size,
    succeeded,
    failed,
    open: Number(row.open),
    failureRatePercent: failureRatePercent(succeeded, failed),
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export function presentCampaignDevice(row: DeviceRow): CampaignDevice {
  return {
    sn: row.sn,
    deviceKind: row.device_kind,
    plantName: row.plant_name,
    wave: row.wave,
    status: row.status,
    fromVersion: row.from_version,
    offlineChecks: row.offline_checks,
    reason: row.reason,
  };
}
