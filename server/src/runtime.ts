import pino, { type Logger } from 'pino';
import type { AppDeps } from './app-deps.js';
import { SecondFactors } from './accounts/second-factor.js';
import { AccessTokens } from './auth/access-token.js';
import { ColumnCipher } from './auth/column-cipher.js';
import { EnabledUserCache } from './auth/enabled-user-cache.js';
import { BrandDirectory } from './auth/brand-directory.js';
import type { Config } from './config/config.js';
import { persistentSecret } from './config/secrets.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DatabaseNotifications } from './db/notifications.js';
import { seedBuiltInDictionaries } from './dicts/built-in-entries.js';
import { seedEventDescriptors } from './events/descriptor-seed.js';
import { RaisedEvents, type RaisedEventsDeps } from './events/raised-events.js';
import { JobQueue, type JobQueueOptions } from './jobs/job-queue.js';
import { jobTypes, type WorkerDeps } from './job-types.js';
import { Mailer } from './mail/mailer.js';
import { PushSender } from './push/push-sender.js';
import { vapidDetailsOf } from './push/vapid-keys.js';
import { smsProviderFor } from './sms/sms-provider.js';
import { SmsSender } from './sms/sms-sender.js';
import { createObjectStore } from './storage/object-stores.js';

/** Everything the process wires: `AppDeps`, the services domains share, the job worker. */
export interface ServerDeps extends AppDeps, RaisedEventsDeps {
  jobs: JobQueue<WorkerDeps>;
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', '*.password', '*.password_hash'],
  });
}

/**
 * Connects to the database at `databaseUrl`, applies migrations, writes the reference data the
 * code ships, seals TOTP secrets still stored in plain text, and wires the services. The job queue installs its own schema on first use;
 * `jobs.work(deps)` runs the jobs here.
 */
export async function createDeps(
  config: Config,
  databaseUrl: string,
  logger: Logger,
  jobOptions: Partial<JobQueueOptions> = {},
): Promise<ServerDeps> {
  const db = createDb(databaseUrl);
  await migrateToLatest(db, logger);
  await seedEventDescriptors(db);
  await seedBuiltInDictionaries(db);
  const secret = config.JWT_SECRET ?? (await persistentSecret(config.DATA_DIR, 'jwt-secret'));
  const columnCipher = new ColumnCipher(
    config.COLUMN_ENCRYPTION_KEY ?? (await persistentSecret(config.DATA_DIR, 'column-key')),
  );
  await new SecondFactors({ db, columnCipher }).sealPlainSecrets();
  const jobs = new JobQueue<WorkerDeps>(databaseUrl, logger, jobTypes(config), {
    pollingIntervalSeconds: config.JOB_POLL_INTERVAL_SECONDS,
    ...jobOptions,
  });
  const files = createObjectStore(config);
  const notifications = new DatabaseNotifications(databaseUrl, logger);
  return {
    config,
    db,
    logger,
    notifications,
    accessTokens: new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS),
    columnCipher,
    enabledUsers: new EnabledUserCache(db, notifications),
    brands: new BrandDirectory(db),
    mailer: new Mailer(db, logger, jobs, config.SMTP_URL, config.MAIL_FROM, files),
    sms: new SmsSender(db, logger, jobs, smsProviderFor(config, logger), config.SMS_DAILY_CAP),
    push: new PushSender(
      db,
      logger,
      jobs,
      await vapidDetailsOf(config),
      config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
    ),
    jobs,
    files,
    raisedEvents: new RaisedEvents(logger),
  };
}

/** Stops what `createDeps` opened, after the app has closed: jobs, notifications, the pool. */
export async function closeDeps(deps: ServerDeps): Promise<void> {
  await deps.jobs.stop();
  await deps.notifications.stop();
  await deps.db.destroy();
}
