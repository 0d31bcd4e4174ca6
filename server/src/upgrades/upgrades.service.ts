import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  FINISHED_UPGRADE_STATUSES,
  fillPath,
  FIRMWARE_DOWNLOAD_PATH,
  reportUpgrade,
  type UpgradeStatus,
  type upgradeReport,
} from '@solar/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context.js';
import type { CommandsService } from '../commands/commands.service.js';
import { openCommandExists } from '../commands/command-store.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { visibleFirmware } from '../firmware/firmware.service.js';
import type { FirmwareRow } from '../firmware/firmware.tables.js';
import { checkUpgradable, findUpgradeTarget, type UpgradeTarget } from './upgrade-targets.js';
import { newUpgradeToken, UPGRADE_URL_TTL_MS } from './upgrade-token.js';
import type { UpgradeJobRow } from './upgrades.tables.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type UpgradeKind = 'single' | 'batch' | 'cut';
export type UpgradeReport = z.output<typeof upgradeReport>;

export interface StartRequest {
  firmwareId: number;
  sns: string[];
  kind: UpgradeKind;
  includeOffline: boolean;
  /** Cut upgrades: not before this instant. */
  at?: Date;
  /** The portal's address as the caller reached it, for the device's URLs. */
  baseUrl: string;
}

const OPEN_STATUSES: UpgradeStatus[] = ['scheduled', 'sending', 'downloading', 'installing'];

/**
 * Remote upgrades: the checks before sending, one job row per device (also the maintenance
 * log), the `firmware.upgrade` command through the command channel with a per-job expiring URL,
 * and the device's progress reports until it runs the new version.
 */
export class UpgradesService {
  constructor(private readonly db: Db) {}

  async firmware(auth: AuthContext, id: number): Promise<FirmwareRow> {
    const row = await this.db
      .selectFrom('firmwares')
      .selectAll()
      .where('id', '=', id)
      .where('is_enabled', '=', true)
      .where(visibleFirmware(auth))
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.firmwareNotFound);
    return row;
  }

  /**
   * Checks every device, then stores one job per device in one batch. Offline devices refuse a
   * single upgrade (602) and are listed for a batch (4006) until the caller includes them.
   */
  async start(auth: AuthContext, request: StartRequest): Promise<UpgradeJobRow[]> {
    const firmware = await this.firmware(auth, request.firmwareId);
    const targets: UpgradeTarget[] = [];
    for (const sn of [...new Set(request.sns)]) {
      const target = await findUpgradeTarget(this.db, auth, sn, firmware.equip_type);
      checkUpgradable(target, firmware);
      targets.push(target);
    }
    const offline = targets.filter((target) => target.status === 'offline').map((t) => t.sn);
    if (offline.length > 0 && request.kind === 'single')
      throw new AppError(ErrorCode.deviceOffline);
    if (offline.length > 0 && !request.includeOffline) {
      throw new AppError(ErrorCode.upgradeDevicesOffline, undefined, { sns: offline });
    }
    const batchId = randomUUID();
    const { hash } = newUpgradeToken();
    return this.db
      .insertInto('upgrade_jobs')
      .values(
        targets.map((target) => ({
          id: randomUUID(),
          batch_id: batchId,
          kind: request.kind,
          firmware_id: firmware.id,
          firmware_file_name: firmware.file_name,
          datalogger_id: target.dataloggerId,
          device_id: target.deviceId,
          sn: target.sn,
          device_kind: target.kind,
          plant_id: target.plantId,
          from_version: target.version,
          to_version: firmware.version,
          status: request.kind === 'cut' ? 'scheduled' : 'sending',
          download_base_url: request.baseUrl,
          // Replaced when the job is sent; until then no URL of this job is valid.
          token_hash: hash,
          token_expires_at: new Date(0),
          scheduled_at: request.at ?? new Date(),
          user_id: auth.userId,
        })),
      )
      .returningAll()
      .execute();
  }

  /**
   * Sends one job's `firmware.upgrade` command and waits until the device took it (or failed,
   * timed out). The device then reports progress on its own; it is `upgrading` meanwhile.
   */
  async dispatch(commands: CommandsService, jobId: string): Promise<UpgradeJobRow> {
    const { token, hash } = newUpgradeToken();
    const claim = await this.claimForSending(jobId, hash);
    if (claim === 'device busy') {
      const job = await this.job(jobId);
      if (job.status === 'scheduled') return job;
      return this.finish(job.id, 'failed', 'Another upgrade of this device is running');
    }
    const job = claim;
    if (!job) return this.job(jobId);
    const firmware = job.firmware_id
      ? await this.db
          .selectFrom('firmwares')
          .selectAll()
          .where('id', '=', job.firmware_id)
          .executeTakeFirst()
      : undefined;
    if (!firmware) return this.finish(job.id, 'failed', 'The firmware was deleted');
    const url = (path: string) =>
      `${job.download_base_url}${fillPath(path, { jobId: job.id })}?token=${token}`;
    const command = await commands.runUnchecked({
      dataloggerId: job.datalogger_id,
      deviceId: job.device_id,
      targetSn: job.sn,
      name: 'firmware.upgrade',
      args: {
        jobId: job.id,
        url: url(FIRMWARE_DOWNLOAD_PATH),
        reportUrl: url(reportUpgrade.path),
        sha256: firmware.sha256,
        size: firmware.size_bytes,
        version: firmware.version,
      },
      userId: job.user_id,
    });
    if (command.state !== 'done') {
      const reason = command.reason ?? 'The device did not take the upgrade job';
      return this.finish(job.id, 'failed', reason);
    }
    await this.setDeviceUpgrading(job, true);
    const taken = await this.db
      .updateTable('upgrade_jobs')
      .set({ status: 'downloading' })
      .where('id', '=', job.id)
      .where('status', '=', 'sending')
      .returningAll()
      .executeTakeFirst();
    return taken ?? this.job(job.id);
  }

  /**
   * Marks a job `sending` with a fresh URL token, unless another upgrade of the same device is
   * being sent or run (a hand-started one and a campaign's can meet): the device would refuse
   * the second. A per-device lock makes the check and the mark one step for parallel callers.
   */
  private async claimForSending(
    jobId: string,
    tokenHash: string,
  ): Promise<UpgradeJobRow | 'device busy' | undefined> {
    return retryingTransaction(this.db, async (trx) => {
      const open = await trx
        .selectFrom('upgrade_jobs')
        .select('sn')
        .where('id', '=', jobId)
        .where('status', 'in', ['scheduled', 'sending'])
        .executeTakeFirst();
      if (!open) return undefined;
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`upgrade:${open.sn}`}))`.execute(trx);
      const busy = await trx
        .selectFrom('upgrade_jobs')
        .select('id')
        .where('sn', '=', open.sn)
        .where('id', '!=', jobId)
        .where('status', 'in', ['sending', 'downloading', 'installing'])
        .where('started_at', 'is not', null)
        .executeTakeFirst();
      if (busy) return 'device busy';
      return trx
        .updateTable('upgrade_jobs')
        .set({
          status: 'sending',
          started_at: new Date(),
          token_hash: tokenHash,
          token_expires_at: new Date(Date.now() + UPGRADE_URL_TTL_MS),
        })
        .where('id', '=', jobId)
        .where('status', 'in', ['scheduled', 'sending'])
        .returningAll()
        .executeTakeFirst();
    });
  }

  async job(id: string): Promise<UpgradeJobRow> {
    return this.db
      .selectFrom('upgrade_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /**
   * A device's report: progress while downloading and installing; at the end the version it
   * runs after the reboot decides success (a device back on its old version failed).
   */
  async report(job: UpgradeJobRow, report: UpgradeReport): Promise<boolean> {
    if (FINISHED_UPGRADE_STATUSES.includes(job.status)) return false;
    if (report.status === 'failed') {
      await this.finish(job.id, 'failed', report.reason ?? 'The device reported a failure');
      return true;
    }
    if (report.status === 'succeeded') {
      if (report.version !== job.to_version) {
        const reason = `The device restarted on version ${report.version ?? 'unknown'}`;
        await this.finish(job.id, 'failed', reason);
        return true;
      }
      await this.recordVersion(job, job.to_version);
      await this.finish(job.id, 'succeeded', null);
      return true;
    }
    await this.db
      .updateTable('upgrade_jobs')
      .set({ status: report.status, percent: report.percent })
      .where('id', '=', job.id)
      .where('status', 'in', OPEN_STATUSES)
      .execute();
    return true;
  }

  async finish(id: string, status: 'succeeded' | 'failed' | 'canceled', reason: string | null) {
    const row = await this.db
      .updateTable('upgrade_jobs')
      .set({
        status,
        failure_reason: reason,
        finished_at: new Date(),
        ...(status === 'succeeded' ? { percent: 100 } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATUSES)
      .returningAll()
      .executeTakeFirst();
    if (row) await this.setDeviceUpgrading(row, false);
    return row ?? this.job(id);
  }

  /**
   * Cut upgrades and campaign jobs due now whose device is idle (no command in flight, no other
   * upgrade open) and whose campaign, if any, is running; one per device, the oldest, since a
   * device refuses a second upgrade while it runs the first (two campaigns may reach one device).
   */
  async dueCutJobs(limit = 50): Promise<string[]> {
    const firstOfEachDevice = this.db
      .selectFrom('upgrade_jobs as j')
      .distinctOn('j.sn')
      .select(['j.id', 'j.scheduled_at', 'j.created_at'])
      .where('j.status', '=', 'scheduled')
      .where('j.scheduled_at', '<=', new Date())
      .where(({ not }) => not(openCommandExists('j.datalogger_id')))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('upgrade_jobs as other')
              .select(sql`1`.as('one'))
              .whereRef('other.sn', '=', 'j.sn')
              .where('other.status', 'in', ['sending', 'downloading', 'installing']),
          ),
        ),
      )
      // A campaign's jobs wait while their campaign is paused.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('upgrade_campaigns as c')
              .select(sql`1`.as('one'))
              .whereRef('c.id', '=', 'j.batch_id')
              .where('c.status', '!=', 'running'),
          ),
        ),
      )
      .orderBy('j.sn')
      .orderBy('j.scheduled_at')
      .orderBy('j.created_at');
    const rows = await this.db
      .selectFrom(firstOfEachDevice.as('first'))
      .select('first.id')
      .orderBy('first.scheduled_at')
      .orderBy('first.created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Jobs whose URL expired before the device finished: failed, the device is freed. */
  async expireOverdue(): Promise<number> {
    const rows = await this.db
      .selectFrom('upgrade_jobs')
      .select('id')
      .where('status', 'in', ['downloading', 'installing'])
      .where('token_expires_at', '<', new Date())
      .execute();
    for (const row of rows) {
      await this.finish(
        row.id,
        'failed',
        'The device did not finish before its download link expired',
      );
    }
    return rows.length;
  }

  private async recordVersion(job: UpgradeJobRow, version: string): Promise<void> {
    if (job.device_id !== null) {
      await this.db
        .updateTable('devices')
        .set({ firmware_version: version })
        .where('id', '=', job.device_id)
        .execute();
    } else {
      await this.db
        .updateTable('dataloggers')
        .set({ software_version: version })
        .where('id', '=', job.datalogger_id)
        .execute();
    }
  }

  /** Section 4's `upgrading` status while the device works on it; back to normal after. */
  private async setDeviceUpgrading(job: UpgradeJobRow, isUpgrading: boolean): Promise<void> {
    if (job.device_id === null) return;
    await this.db
      .updateTable('devices')
      .set({ status: isUpgrading ? 'upgrading' : 'normal' })
      .where('id', '=', job.device_id)
      .where('status', isUpgrading ? '!=' : '=', isUpgrading ? 'offline' : 'upgrading')
      .execute();
  }
}
