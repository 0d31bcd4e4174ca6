import { randomUUID } from 'node:crypto';
import type { CampaignWindow } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { JobSender } from '../jobs/job-queue.js';
import { newUpgradeToken } from '../upgrades/upgrade-token.js';
import { isDataloggerOnline, UPGRADABLE_STATUSES } from '../upgrades/upgrade-targets.js';
import { startDueUpgrades } from '../upgrades/upgrades-jobs.js';
import { UpgradesService } from '../upgrades/upgrades.service.js';
import { exceedsThreshold, waveSize } from './campaign-waves.js';
import { isInsideWindow } from './campaign-window.js';
import { type CampaignRow, currentWave } from './campaigns.tables.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** An offline (or busy) device is looked at again after this long; each look is one retry. */
export const OFFLINE_RETRY_INTERVAL_MS = 10 * 60_000;

/** A pending device inside its plant's window, as a wave sees it: its state now. */
interface Candidate {
  sn: string;
  device_id: number | null;
  datalogger_id: number;
  device_kind: string;
  plant_id: number | null;
  offline_checks: number;
  checked_at: Date | null;
  device_status: string | null;
  device_version: string | null;
  logger_version: string | null;
  logger_online_at: Date | null;
}

type Verdict = 'current' | 'unavailable' | 'ready';

/** A campaign being stepped, with its current wave (the highest started, 0 before the canary). */
type SteppedCampaign = CampaignRow & { current_wave: number };

/** A plant without a time zone (or a device on no plant) keeps UTC. */
const FALLBACK_TIME_ZONE = 'UTC';

export function windowOf(campaign: CampaignRow): CampaignWindow {
  return {
    mode: campaign.window_mode as CampaignWindow['mode'],
    ...(campaign.window_start ? { start: campaign.window_start } : {}),
    ...(campaign.window_end ? { end: campaign.window_end } : {}),
  };
}

function statusOf(candidate: Candidate, now: Date): string {
  if (candidate.device_id !== null) return candidate.device_status ?? 'offline';
  return isDataloggerOnline(candidate.logger_online_at, now) ? 'normal' : 'offline';
}

function verdictOf(campaign: CampaignRow, candidate: Candidate, now: Date): Verdict {
  const version =
    candidate.device_id !== null ? candidate.device_version : candidate.logger_version;
  if (version === campaign.to_version) return 'current';
  const status = statusOf(candidate, now);
  return status !== 'offline' && UPGRADABLE_STATUSES.includes(status) ? 'ready' : 'unavailable';
}

/**
 * Drives campaigns one step at a time, from stored state only: a step locks its campaign's row
 * (`FOR UPDATE SKIP LOCKED`), so two processes never step one campaign at once, and writes all
 * it decides in that transaction, so a crash loses the step, never half of it. A wave's devices
 * get `scheduled` upgrade jobs of kind `campaign` that the `upgrades-start-due` job sends; a
 * step that leaves such jobs due queues that job at once instead of waiting for its minute.
 */
export class CampaignEngine {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobSender,
  ) {}

  /**
   * Steps every running campaign (answers how many took a step) and takes in the last results
   * of paused and canceled ones, whose devices already sent still finish their upgrade.
   */
  async advanceAll(now = new Date()): Promise<number> {
    const campaigns = await this.db
      .selectFrom('upgrade_campaigns as c')
      .select(['c.id', 'c.status'])
      .where((eb) =>
        eb.or([
          eb('c.status', '=', 'running'),
          eb.exists(
            eb
              .selectFrom('upgrade_campaign_devices as d')
              .select('d.sn')
              .whereRef('d.campaign_id', '=', 'c.id')
              .where('d.status', '=', 'sent'),
          ),
        ]),
      )
      .orderBy('c.created_at')
      .execute();
    let stepped = 0;
    for (const { id, status } of campaigns) {
      if (status !== 'running') await takeResults(this.db, id);
      else if (await this.advance(id, now)) stepped += 1;
    }
    return stepped;
  }

  /** Whether a running campaign has devices sent an upgrade whose result is not in yet. */
  async hasOpenWave(): Promise<boolean> {
    const open = await this.db
      .selectFrom('upgrade_campaign_devices as d')
      .innerJoin('upgrade_campaigns as c', 'c.id', 'd.campaign_id')
      .select('d.sn')
      .where('c.status', '=', 'running')
      .where('d.status', '=', 'sent')
      .limit(1)
      .executeTakeFirst();
    return open !== undefined;
  }

  /**
   * One step: take in the results of the current wave; when it is over, close it and pause on
   * too many failures, or start the next wave (or complete the campaign when no device is left).
   * False when the campaign is not running or another process is stepping it. A new wave's jobs
   * are sent at once; `sendWaiting` does that for an open wave's too (a campaign just resumed).
   */
  async advance(
    campaignId: string,
    now = new Date(),
    { sendWaiting = false } = {},
  ): Promise<boolean> {
    return retryingTransaction(this.db, async (trx) => {
      const campaign = await trx
        .selectFrom('upgrade_campaigns')
        .selectAll()
        .select((eb) => currentWave(eb.ref('upgrade_campaigns.id')).as('current_wave'))
        .where('id', '=', campaignId)
        .where('status', '=', 'running')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!campaign) return false;
      await takeResults(trx, campaign.id);
      if (!(await this.isWaveOpen(trx, campaign, now))) {
        if (await closeWave(trx, campaign, now)) return true;
        await startNextWave(trx, campaign, now);
        await this.dispatchSoon(trx, campaign.id);
      } else if (sendWaiting) {
        await this.dispatchSoon(trx, campaign.id);
      }
      return true;
    });
  }

  /** Queues `upgrades-start-due` now when jobs of the campaign wait to be sent. */
  private async dispatchSoon(trx: Db, campaignId: string): Promise<void> {
    const waiting = await trx
      .selectFrom('upgrade_jobs')
      .select('id')
      .where('batch_id', '=', campaignId)
      .where('kind', '=', 'campaign')
      .where('status', '=', 'scheduled')
      .limit(1)
      .executeTakeFirst();
    if (waiting) await this.jobs.send(startDueUpgrades, {}, { trx });
  }

  /** Devices of the current wave still upgrading; past the wave's timeout they fail. */
  private async isWaveOpen(trx: Db, campaign: SteppedCampaign, now: Date): Promise<boolean> {
    const open = await trx
      .selectFrom('upgrade_campaign_devices')
      .select(['job_id'])
      .where('campaign_id', '=', campaign.id)
      .where('status', '=', 'sent')
      .execute();
    if (open.length === 0) return false;
    const wave = await trx
      .selectFrom('upgrade_campaign_waves')
      .select('started_at')
      .where('campaign_id', '=', campaign.id)
      .where('number', '=', campaign.current_wave)
      .executeTakeFirstOrThrow();
    const deadline = wave.started_at.getTime() + campaign.wave_timeout_minutes * 60_000;
    if (now.getTime() < deadline) return true;
    const upgrades = new UpgradesService(trx);
    for (const { job_id } of open) {
      if (job_id) await upgrades.finish(job_id, 'failed', 'No result before the wave timed out');
    }
    await takeResults(trx, campaign.id);
    return false;
  }
}

/** Copies the result of every finished upgrade job into its campaign device. */
export async function takeResults(trx: Db, campaignId: string): Promise<void> {
  await sql`
    UPDATE upgrade_campaign_devices d
       SET status = j.status, reason = j.failure_reason
      FROM upgrade_jobs j
     WHERE d.job_id = j.id AND d.campaign_id = ${campaignId} AND d.status = 'sent'
       AND j.status IN ('succeeded', 'failed', 'canceled')
  `.execute(trx);
}

/** Closes the finished current wave once; true when its failure rate paused the campaign. */
async function closeWave(trx: Db, campaign: SteppedCampaign, now: Date): Promise<boolean> {
  const closed = await trx
    .updateTable('upgrade_campaign_waves')
    .set({ finished_at: now })
    .where('campaign_id', '=', campaign.id)
    .where('number', '=', campaign.current_wave)
    .where('finished_at', 'is', null)
    .returning('number')
    .executeTakeFirst();
  if (!closed) return false;
  const counts = await trx
    .selectFrom('upgrade_campaign_devices')
    .select(({ fn }) => [
      fn.countAll<string>().filterWhere('status', '=', 'succeeded').as('succeeded'),
      fn.countAll<string>().filterWhere('status', '=', 'failed').as('failed'),
    ])
    .where('campaign_id', '=', campaign.id)
    .where('wave', '=', campaign.current_wave)
    .executeTakeFirstOrThrow();
  if (!exceedsThreshold(campaign, Number(counts.succeeded), Number(counts.failed))) return false;
  await trx
    .updateTable('upgrade_campaigns')
    .set({ status: 'paused', pause_reason: 'failureRate' })
    .where('id', '=', campaign.id)
    .execute();
  return true;
}

/** The plants of the pending devices whose window is open now (null: devices on no plant). */
async function plantsInWindow(trx: Db, campaign: CampaignRow, now: Date) {
  const plants = await trx
    .selectFrom('upgrade_campaign_devices as d')
    .leftJoin('plants as p', 'p.id', 'd.plant_id')
    .select(['d.plant_id', 'p.latitude', 'p.longitude', 'p.time_zone'])
    .distinct()
    .where('d.campaign_id', '=', campaign.id)
    .where('d.status', '=', 'pending')
    .execute();
  const window = windowOf(campaign);
  return plants
    .filter((plant) =>
      isInsideWindow(
        window,
        {
          latitude: plant.latitude,
          longitude: plant.longitude,
          timeZone: plant.time_zone ?? FALLBACK_TIME_ZONE,
        },
        now,
      ),
    )
    .map((plant) => plant.plant_id);
}

/** The pending devices of the plants inside their window, in campaign order. */
async function candidatesOf(trx: Db, campaign: CampaignRow, now: Date): Promise<Candidate[]> {
  const plantIds = await plantsInWindow(trx, campaign, now);
  if (plantIds.length === 0) return [];
  const placed = plantIds.filter((id) => id !== null);
  return trx
    .selectFrom('upgrade_campaign_devices as d')
    .innerJoin('dataloggers as l', 'l.id', 'd.datalogger_id')
    .leftJoin('devices as dev', 'dev.id', 'd.device_id')
    .select([
      'd.sn',
      'd.device_id',
      'd.datalogger_id',
      'd.device_kind',
      'd.plant_id',
      'd.offline_checks',
      'd.checked_at',
      'dev.status as device_status',
      'dev.firmware_version as device_version',
      'l.software_version as logger_version',
      'l.last_online_at as logger_online_at',
    ])
    .where('d.campaign_id', '=', campaign.id)
    .where('d.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        ...(placed.length > 0 ? [eb('d.plant_id', 'in', placed)] : []),
        ...(placed.length < plantIds.length ? [eb('d.plant_id', 'is', null)] : []),
      ]),
    )
    .orderBy('d.position')
    .execute();
}

/** Whether an unavailable device is due its next look (one look per retry interval). */
function isLookDue(device: Candidate, now: Date): boolean {
  return (
    device.checked_at === null ||
    now.getTime() - device.checked_at.getTime() >= OFFLINE_RETRY_INTERVAL_MS
  );
}

/** One more look for each device; past the campaign's retries, a device is out. */
async function noteUnavailable(trx: Db, campaign: CampaignRow, sns: string[], now: Date) {
  if (sns.length === 0) return;
  const checks = sql<number>`offline_checks + 1`;
  const isOut = sql<boolean>`offline_checks + 1 > ${campaign.offline_retries}`;
  await trx
    .updateTable('upgrade_campaign_devices')
    .set({
      offline_checks: checks,
      checked_at: now,
      status: sql`CASE WHEN ${isOut} THEN 'offline' ELSE status END`,
      reason: sql`CASE WHEN ${isOut} THEN 'Unavailable at ' || ${checks} || ' looks' ELSE reason END`,
    })
    .where('campaign_id', '=', campaign.id)
    .where('sn', 'in', sns)
    .execute();
}

async function markCurrent(trx: Db, campaign: CampaignRow, sns: string[]): Promise<void> {
  if (sns.length === 0) return;
  await trx
    .updateTable('upgrade_campaign_devices')
    .set({ status: 'skipped', reason: `Already runs ${campaign.to_version}` })
    .where('campaign_id', '=', campaign.id)
    .where('sn', 'in', sns)
    .execute();
}

/** The next wave's devices in campaign order, noting those offline or already current. */
async function pickWave(trx: Db, campaign: CampaignRow, now: Date, size: number) {
  const picked: Candidate[] = [];
  const current: string[] = [];
  const unavailable: string[] = [];
  for (const candidate of await candidatesOf(trx, campaign, now)) {
    if (picked.length >= size) break;
    const verdict = verdictOf(campaign, candidate, now);
    if (verdict === 'ready') picked.push(candidate);
    if (verdict === 'current') current.push(candidate.sn);
    if (verdict === 'unavailable' && isLookDue(candidate, now)) unavailable.push(candidate.sn);
  }
  await markCurrent(trx, campaign, current);
  await noteUnavailable(trx, campaign, unavailable, now);
  return picked;
}

async function totalDevices(trx: Db, campaignId: string): Promise<number> {
  const row = await trx
    .selectFrom('upgrade_campaign_devices')
    .select(({ fn }) => fn.countAll<string>().as('total'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

async function completeWhenDone(trx: Db, campaign: CampaignRow, now: Date): Promise<void> {
  const pending = await trx
    .selectFrom('upgrade_campaign_devices')
    .select('sn')
    .where('campaign_id', '=', campaign.id)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  if (pending) return;
  await trx
    .updateTable('upgrade_campaigns')
    .set({ status: 'completed', finished_at: now })
    .where('id', '=', campaign.id)
    .execute();
}

/** Starts wave `current + 1` with the devices ready now; without any, waits or completes. */
async function startNextWave(trx: Db, campaign: SteppedCampaign, now: Date): Promise<void> {
  const number = campaign.current_wave + 1;
  const size = waveSize(campaign, number, await totalDevices(trx, campaign.id));
  const picked = await pickWave(trx, campaign, now, size);
  if (picked.length === 0) return completeWhenDone(trx, campaign, now);
  await trx
    .insertInto('upgrade_campaign_waves')
    .values({ campaign_id: campaign.id, number, size: picked.length, started_at: now })
    .execute();
  await sendToWave(trx, campaign, picked, number, now);
}

/** One upgrade job per device (sent by `upgrades-start-due`), each linked to its campaign row. */
async function sendToWave(
  trx: Db,
  campaign: CampaignRow,
  devices: Candidate[],
  wave: number,
  now: Date,
): Promise<void> {
  const jobs = await trx
    .insertInto('upgrade_jobs')
    .values(
      devices.map((device) => ({
        id: randomUUID(),
        batch_id: campaign.id,
        kind: 'campaign',
        firmware_id: campaign.firmware_id,
        firmware_file_name: campaign.firmware_file_name,
        datalogger_id: device.datalogger_id,
        device_id: device.device_id,
        sn: device.sn,
        device_kind: device.device_kind,
        plant_id: device.plant_id,
        from_version: device.device_id !== null ? device.device_version : device.logger_version,
        to_version: campaign.to_version,
        status: 'scheduled' as const,
        download_base_url: campaign.download_base_url,
        // Replaced when the job is sent; until then no URL of this job is valid.
        token_hash: newUpgradeToken().hash,
        token_expires_at: new Date(0),
        scheduled_at: now,
        user_id: campaign.created_by,
      })),
    )
    .returning('id')
    .execute();
  await trx
    .updateTable('upgrade_campaign_devices as d')
    .from('upgrade_jobs as j')
    .set((eb) => ({ status: 'sent', wave, job_id: eb.ref('j.id'), checked_at: now }))
    .whereRef('j.sn', '=', 'd.sn')
    .where(
      'j.id',
      'in',
      jobs.map((job) => job.id),
    )
    .where('d.campaign_id', '=', campaign.id)
    .where('d.status', '=', 'pending')
    .execute();
}
