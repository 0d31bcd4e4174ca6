import type { JobDeps } from '../app-deps.js';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { CommandChannel } from '../commands/command-channel.js';
import { DatabaseNotifications } from '../db/notifications.js';
import { CommandsService } from '../commands/commands.service.js';
import { loadConfig } from '../config/config.js';
import { createDb } from '../db/database.js';
import { Mailer } from '../mail/mailer.js';
import { LogSmsProvider } from '../sms/sms-provider.js';
import { SmsSender } from '../sms/sms-sender.js';
import { LocalDiskStore } from '../storage/local-disk-store.js';
import { JobQueue } from './job-queue.js';
import { defineJobType, type JobType } from './job-type.js';

/** A schema of its own per test, so queues of parallel test files never share jobs. */
export function uniqueQueueSchema(): string {
  return `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** A queue tuned for tests: half-second polls and one-second maintenance and cron checks. */
export function testQueue(
  databaseUrl: string,
  schema: string,
  types: readonly JobType[],
): JobQueue {
  return new JobQueue(databaseUrl, pino({ level: 'silent' }), types, {
    schema,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    cronIntervalSeconds: 1,
    maxConnections: 3,
  });
}

/**
 * A job whose first run hangs (as in a process that died mid-job) when `hangsFirst`; a run
 * longer than two seconds counts as crashed. Shared with the child process of the crash test.
 */
export function interruptibleJob(run: (label: string) => Promise<void>): JobType {
  return defineJobType({
    name: 'test-interruptible',
    payload: z.object({ label: z.string() }),
    retry: { limit: 3, delaySeconds: 1, isBackoff: false },
    expireInSeconds: 2,
    run: async (_deps, { label }) => run(label),
  });
}

/** What jobs get, on the test database; mails only go to the outbox, texts to the log. Close `db` when done. */
export function testJobDeps(databaseUrl: string, queue: JobQueue): JobDeps {
  const config = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent' });
  const logger = pino({ level: 'silent' });
  const db = createDb(databaseUrl, 2);
  const files = new LocalDiskStore(path.join(config.DATA_DIR, 'objects'));
  return {
    config,
    db,
    logger,
    mailer: new Mailer(db, logger, queue, undefined, config.MAIL_FROM, files),
    sms: new SmsSender(db, logger, queue, new LogSmsProvider(logger), config.SMS_DAILY_CAP),
    files,
    jobs: queue,
    commands: new CommandsService(
      db,
      // Never started: jobs of these tests send no commands, so nothing listens.
      new CommandChannel(db, new DatabaseNotifications(databaseUrl, logger), logger),
      config.COMMAND_TIMEOUT_MS,
    ),
  };
}
