import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/listing.js';
import { retryConcurrencyFailures } from '../db/retrying-transaction.js';
import type { JobType } from './job-type.js';

export interface JobQueueOptions {
  /** PostgreSQL schema of the queue's tables; pg-boss installs and upgrades it on start. */
  schema?: string;
  /** How often an idle worker asks for new jobs. */
  pollingIntervalSeconds: number;
  /** How often crashed (expired) runs are failed for retry and finished jobs archived. */
  maintenanceIntervalSeconds?: number;
  /** How often the cron schedules are checked and their jobs sent. */
  cronIntervalSeconds?: number;
  maxConnections?: number;
}

export interface SendOptions {
  /** Sends inside this transaction: the job exists exactly when the caller's rows commit. */
  trx?: Db;
  /** Runs no sooner than this many seconds from now. */
  startAfterSeconds?: number;
}

/** What code that queues jobs needs: `send` alone; running them is the worker's (`runtime.ts`). */
export type JobSender = Pick<JobQueue, 'send'>;

/** Lets pg-boss run its insert on a Kysely connection (the caller's transaction). */
function onConnection(db: Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * The one background-job runner (pg-boss on the app's PostgreSQL). Every process may send;
 * `work` also runs the registered types there. Scheduled jobs run once per slot however many
 * processes work, a failed job is retried by its type's policy, and a job whose process died
 * is failed after its type's `expireInSeconds` and retried by another process.
 */
export class JobQueue<D = unknown> {
  private readonly boss: PgBoss;
  private readonly types: ReadonlyMap<string, JobType<z.ZodType, D>>;
  private readonly workerIds = new Map<string, string>();
  private starting: Promise<void> | null = null;

  constructor(
    databaseUrl: string,
    private readonly logger: Logger,
    types: readonly JobType<z.ZodType, D>[],
    private readonly options: JobQueueOptions,
  ) {
    this.types = new Map(types.map((type) => [type.name, type]));
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: options.schema ?? 'pgboss',
      max: options.maxConnections ?? 4,
      application_name: 'portal-jobs',
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      cronMonitorIntervalSeconds: options.cronIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: Math.min(options.cronIntervalSeconds ?? 5, 45),
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
  }

  /** Installs or upgrades the queue's schema and its queues; later calls wait for the first. */
  start(): Promise<void> {
    this.starting ??= this.install();
    return this.starting;
  }

  private async install(): Promise<void> {
    await this.boss.start();
    for (const type of this.types.values()) {
      const settings: PgBoss.Queue = {
        name: type.name,
        policy: type.singletonKey || type.cron ? 'stately' : 'standard',
        retryLimit: type.retry.limit,
        retryDelay: type.retry.delaySeconds,
        retryBackoff: type.retry.isBackoff,
        expireInSeconds: type.expireInSeconds,
      };
      if (await this.boss.getQueue(type.name)) await this.boss.updateQueue(type.name, settings);
      else await this.createQueue(settings);
    }
  }

  /**
   * Creates a queue that another process may be creating at the same moment. pg-boss skips a
   * queue that exists, after waiting for the other's commit; but the two creations can deadlock
   * (each adds a foreign key to the queue table), and the one aborted must not go on before the
   * other's queue is committed, or its first schedule finds no queue. So it tries again, which
   * waits for the other. A duplicate (23505) means the queue exists: this one's settings apply.
   */
  private async createQueue(settings: PgBoss.Queue): Promise<void> {
    try {
      await retryConcurrencyFailures(() => this.boss.createQueue(settings.name, settings));
    } catch (error) {
      if (isUniqueViolation(error)) return this.boss.updateQueue(settings.name, settings);
      throw error;
    }
  }

  /** Validates the payload and queues one job; with a singleton key a waiting twin wins. */
  async send<P extends z.ZodType>(
    type: JobType<P, D>,
    payload: z.input<P>,
    options: SendOptions = {},
  ): Promise<void> {
    if (!this.types.has(type.name)) throw new Error(`job type ${type.name} is not registered`);
    await this.start();
    const data = type.payload.parse(payload) as object;
    await this.boss.send(type.name, data, {
      ...singletonOf(type, data),
      ...(options.trx ? { db: onConnection(options.trx) } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    const workerId = this.workerIds.get(type.name);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  /** Runs every registered type in this process and keeps the cron schedules registered. */
  async work(deps: D): Promise<void> {
    await this.start();
    for (const type of this.types.values()) {
      const workerId = await this.boss.work(
        type.name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await this.runOne(deps, type, job);
        },
      );
      this.workerIds.set(type.name, workerId);
      if (type.cron) {
        const data = type.payload.parse({}) as object;
        await this.boss.schedule(type.name, type.cron, data, {
          tz: 'UTC',
          ...singletonOf(type, data),
        });
      }
    }
  }

  private async runOne(
    deps: D,
    type: JobType<z.ZodType, D>,
    job: PgBoss.Job<unknown>,
  ): Promise<void> {
    try {
      await type.run(deps, type.payload.parse(job.data));
    } catch (error) {
      this.logger.warn(
        { err: error, job: type.name, jobId: job.id },
        'job failed; retried by policy',
      );
      throw error;
    }
  }

  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then closes the pool. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.starting) return;
    await this.starting.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
    this.starting = null;
    this.workerIds.clear();
  }
}

/** The job's singleton key for pg-boss, from its type: one rule for sent and scheduled jobs. */
function singletonOf<P extends z.ZodType, D>(
  type: JobType<P, D>,
  data: object,
): { singletonKey?: string } {
  return type.singletonKey ? { singletonKey: type.singletonKey(data as z.output<P>) } : {};
}
