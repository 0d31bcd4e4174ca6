import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_ACTIONS_BY_STATUS,
  CAMPAIGN_DEVICE_STATUSES,
  CAMPAIGN_LIMITS,
  type CampaignAction,
  type CampaignDeviceCounts,
  type createCampaign,
  defaultCampaignWindow,
  ErrorCode,
  type listCampaigns,
  type ParsedBody,
  type ParsedQuery,
} from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { UpgradesService } from '../upgrades/upgrades.service.js';
import { takeResults } from './campaign-engine.js';
import { findCampaignTargets } from './campaign-targets.js';
import { type CampaignRow, currentWave } from './campaigns.tables.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type CampaignListRow = CampaignRow & {
  created_by_email: string | null;
  current_wave: number;
};
export interface CampaignWithCounts {
  row: CampaignListRow;
  counts: CampaignDeviceCounts;
}

/** Devices are stored in slices of this many rows per insert. */
const INSERT_SLICE = 1000;

const emptyCounts = (): CampaignDeviceCounts =>
  Object.fromEntries(CAMPAIGN_DEVICE_STATUSES.map((status) => [status, 0])) as CampaignDeviceCounts;

/**
 * Campaigns as users see them: started for the devices a filter finds (fixed then), listed and
 * shown with per-status counts, and paused, resumed, canceled or given their failed devices
 * back. A company's campaigns belong to the company; a platform administrator sees every one.
 */
export class CampaignsService {
  constructor(private readonly db: Db) {}

  private visible(auth: AuthContext) {
    let query = this.db
      .selectFrom('upgrade_campaigns as c')
      .leftJoin('users as u', 'u.id', 'c.created_by')
      .selectAll('c')
      .select('u.email as created_by_email')
      .select((eb) => currentWave(eb.ref('c.id')).as('current_wave'));
    if (auth.kind !== 'platform_admin') {
      query = query.where((eb) =>
        auth.companyId === null
          ? eb('c.created_by', '=', auth.userId)
          : eb('c.company_id', '=', auth.companyId),
      );
    }
    return query;
  }

  async create(
    auth: AuthContext,
    body: ParsedBody<typeof createCampaign>,
    baseUrl: string,
  ): Promise<CampaignRow> {
    if (body.companyId !== undefined && auth.kind !== 'platform_admin') {
      throw new AppError(ErrorCode.noPermission);
    }
    const firmware = await new UpgradesService(this.db).firmware(auth, body.firmwareId);
    const targets = await findCampaignTargets(this.db, auth, firmware, body);
    if (targets.length > CAMPAIGN_LIMITS.maxDevices) {
      throw new AppError(
        ErrorCode.validation,
        `At most ${CAMPAIGN_LIMITS.maxDevices} devices per campaign: narrow the filter`,
      );
    }
    const window = body.window ?? defaultCampaignWindow(firmware.equip_type);
    const id = randomUUID();
    return retryingTransaction(this.db, async (trx) => {
      const campaign = await trx
        .insertInto('upgrade_campaigns')
        .values({
          id,
          company_id: body.companyId ?? auth.companyId,
          name: body.name,
          firmware_id: firmware.id,
          firmware_file_name: firmware.file_name,
          to_version: firmware.version,
          status: 'running',
          canary_percent: String(body.canaryPercent),
          growth_factor: String(body.growthFactor),
          max_wave_size: body.maxWaveSize,
          failure_threshold_percent: String(body.failureThresholdPercent),
          wave_timeout_minutes: body.waveTimeoutMinutes,
          offline_retries: body.offlineRetries,
          window_mode: window.mode,
          window_start: window.mode === 'hours' ? window.start! : null,
          window_end: window.mode === 'hours' ? window.end! : null,
          download_base_url: baseUrl,
          created_by: auth.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      for (let start = 0; start < targets.length; start += INSERT_SLICE) {
        const slice = targets.slice(start, start + INSERT_SLICE);
        await trx
          .insertInto('upgrade_campaign_devices')
          .values(slice.map((t, i) => ({ ...t, campaign_id: id, position: start + i })))
          .execute();
      }
      return campaign;
    });
  }

  async find(auth: AuthContext, id: string): Promise<CampaignListRow> {
    const row = await this.visible(auth).where('c.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.campaignNotFound);
    return row;
  }

  /** Devices per status for each campaign. */
  async countsOf(ids: string[]): Promise<Map<string, CampaignDeviceCounts>> {
    const counts = new Map(ids.map((id) => [id, emptyCounts()]));
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom('upgrade_campaign_devices')
      .select(({ fn }) => ['campaign_id', 'status', fn.countAll<string>().as('total')])
      .where('campaign_id', 'in', ids)
      .groupBy(['campaign_id', 'status'])
      .execute();
    for (const row of rows) {
      counts.get(row.campaign_id)![row.status as keyof CampaignDeviceCounts] = Number(row.total);
    }
    return counts;
  }

  async withCounts(row: CampaignListRow): Promise<CampaignWithCounts> {
    return { row, counts: (await this.countsOf([row.id])).get(row.id)! };
  }

  async list(
    auth: AuthContext,
    query: ParsedQuery<typeof listCampaigns>,
  ): Promise<{ rows: CampaignWithCounts[]; total: number }> {
    let rows = this.visible(auth);
    if (query.status) rows = rows.where('c.status', '=', query.status);
    const count = rows.clearSelect().select(({ fn }) => fn.countAll<string>().as('total'));
    const page = await fetchPage(rows.orderBy('c.created_at', 'desc'), count, query);
    const counts = await this.countsOf(page.rows.map((row) => row.id));
    return {
      rows: page.rows.map((row) => ({ row, counts: counts.get(row.id)! })),
      total: page.total,
    };
  }

  async waves(id: string) {
    return this.db
      .selectFrom('upgrade_campaign_waves as w')
      .leftJoin('upgrade_campaign_devices as d', (join) =>
        join.onRef('d.campaign_id', '=', 'w.campaign_id').onRef('d.wave', '=', 'w.number'),
      )
      .select(({ fn }) => [
        'w.number',
        'w.size',
        'w.started_at',
        'w.finished_at',
        fn.count<string>('d.sn').filterWhere('d.status', '=', 'succeeded').as('succeeded'),
        fn.count<string>('d.sn').filterWhere('d.status', '=', 'failed').as('failed'),
        fn.count<string>('d.sn').filterWhere('d.status', '=', 'sent').as('open'),
      ])
      .where('w.campaign_id', '=', id)
      .groupBy(['w.number', 'w.size', 'w.started_at', 'w.finished_at'])
      .orderBy('w.number')
      .execute();
  }

  async devices(id: string) {
    return this.db
      .selectFrom('upgrade_campaign_devices as d')
      .leftJoin('plants as p', 'p.id', 'd.plant_id')
      .selectAll('d')
      .select('p.name as plant_name')
      .where('d.campaign_id', '=', id)
      .orderBy('d.position')
      .execute();
  }

  /**
   * Applies a user's action under the campaign's row lock (a running step finishes first):
   * 4008 when its status does not allow it.
   */
  async act(auth: AuthContext, id: string, action: CampaignAction): Promise<CampaignListRow> {
    await this.find(auth, id);
    await retryingTransaction(this.db, async (trx) => {
      const campaign = await trx
        .selectFrom('upgrade_campaigns')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const allowed = CAMPAIGN_ACTIONS_BY_STATUS[campaign.status as CampaignRow['status']];
      if (!allowed.includes(action)) throw new AppError(ErrorCode.campaignStateRefused);
      await new CampaignActions(trx)[action](id);
    });
    return this.find(auth, id);
  }
}

/** The effect of each user action, inside the caller's transaction. */
class CampaignActions {
  constructor(private readonly trx: Db) {}

  private setStatus(id: string, values: Partial<Pick<CampaignRow, 'status' | 'pause_reason'>>) {
    return this.trx.updateTable('upgrade_campaigns').set(values).where('id', '=', id).execute();
  }

  async pause(id: string): Promise<void> {
    await this.setStatus(id, { status: 'paused', pause_reason: 'user' });
  }

  async resume(id: string): Promise<void> {
    await this.setStatus(id, { status: 'running', pause_reason: null });
  }

  /** Pending devices are dropped; sent jobs the device has not taken yet are canceled. */
  async cancel(id: string): Promise<void> {
    await this.trx
      .updateTable('upgrade_campaigns')
      .set({ status: 'canceled', pause_reason: null, finished_at: new Date() })
      .where('id', '=', id)
      .execute();
    await this.trx
      .updateTable('upgrade_campaign_devices')
      .set({ status: 'canceled', reason: 'The campaign was canceled' })
      .where('campaign_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    // Never sent, so no device is upgrading for them: one update, no device status touched.
    await this.trx
      .updateTable('upgrade_jobs')
      .set({
        status: 'canceled',
        failure_reason: 'The campaign was canceled',
        finished_at: new Date(),
      })
      .where('batch_id', '=', id)
      .where('kind', '=', 'campaign')
      .where('status', '=', 'scheduled')
      .execute();
    await takeResults(this.trx, id);
  }

  /** Failed and offline devices get back in line; a completed campaign runs again for them. */
  async retryFailed(id: string): Promise<void> {
    const back = await this.trx
      .updateTable('upgrade_campaign_devices')
      .set({ status: 'pending', offline_checks: 0, checked_at: null, job_id: null, reason: null })
      .where('campaign_id', '=', id)
      .where('status', 'in', ['failed', 'offline'])
      .returning('sn')
      .execute();
    if (back.length === 0) throw new AppError(ErrorCode.campaignStateRefused);
    await this.trx
      .updateTable('upgrade_campaigns')
      .set({ status: 'running', pause_reason: null, finished_at: null })
      .where('id', '=', id)
      .execute();
  }
}
