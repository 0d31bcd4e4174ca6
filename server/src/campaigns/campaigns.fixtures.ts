import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { PlantsTable } from '../plants/plants.tables.js';
import { firmwareFieldsFor, uploadFirmware } from '../firmware/firmware.factories.js';
import { buildDatalogger, buildDevice, buildPlant } from '../plants/plants.factories.js';
import type { TestApp } from '../test/test-app.js';
import { UpgradesService } from '../upgrades/upgrades.service.js';

/** A fleet of inverters of one new model on one plant of the company, all on version 1.0. */
export async function buildFleet(
  deps: AppDeps,
  owner: { userId: number; companyId: number },
  count: number,
  plant: Partial<Insertable<PlantsTable>> = {},
) {
  const model = `C${randomUUID().slice(0, 6)}`;
  const built = await buildPlant(deps, owner.userId, { company_id: owner.companyId, ...plant });
  const datalogger = await buildDatalogger(deps, { plantId: built.id });
  const sns: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const sn = `${model}-${String(index).padStart(3, '0')}`;
    await buildDevice(deps, datalogger.id, { sn, modelCode: model });
    sns.push(sn);
  }
  await deps.db
    .updateTable('devices')
    .set({ firmware_version: '1.0' })
    .where('sn', 'in', sns)
    .execute();
  return { model, plant: built, datalogger, sns };
}

/** A second plant whose inverters share the fleet's model. */
export async function addPlant(
  deps: AppDeps,
  owner: { userId: number; companyId: number },
  model: string,
  count: number,
  plant: Partial<Insertable<PlantsTable>>,
) {
  const built = await buildPlant(deps, owner.userId, { company_id: owner.companyId, ...plant });
  const datalogger = await buildDatalogger(deps, { plantId: built.id });
  const sns: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const sn = `${model}-P${built.id}-${index}`;
    await buildDevice(deps, datalogger.id, { sn, modelCode: model });
    sns.push(sn);
  }
  return sns;
}

export async function uploadFirmwareFor(
  t: TestApp,
  token: string,
  model: string,
  fields: { version?: string; equipType?: number } = {},
) {
  const { version = '2.0', ...extra } = fields;
  const res = await uploadFirmware(t.app, token, firmwareFieldsFor(model, version, extra));
  if (res.code !== 0) throw new Error(`firmware upload refused: ${res.msg}`);
  return res.data.id;
}

/**
 * What the device reports after its reboot, through the upgrade service's report handling:
 * the new version (success) or a failure with its reason.
 */
export async function settleJobs(
  deps: AppDeps,
  campaignId: string,
  outcome: (sn: string) => 'succeeded' | 'failed',
): Promise<number> {
  const upgrades = new UpgradesService(deps.db);
  const open = await deps.db
    .selectFrom('upgrade_jobs')
    .selectAll()
    .where('batch_id', '=', campaignId)
    .where('status', 'in', ['scheduled', 'sending', 'downloading', 'installing'])
    .execute();
  for (const job of open) {
    const result = outcome(job.sn);
    await upgrades.report(job, {
      status: result,
      percent: result === 'succeeded' ? 100 : 40,
      ...(result === 'succeeded' ? { version: job.to_version } : { reason: 'SHA-256 mismatch' }),
    });
  }
  return open.length;
}

export function waveSizesOf(deps: AppDeps, campaignId: string) {
  return deps.db
    .selectFrom('upgrade_campaign_waves')
    .select(['number', 'size'])
    .where('campaign_id', '=', campaignId)
    .orderBy('number')
    .execute();
}
