import type { Logger } from 'pino';
import type { AccessTokens } from './auth/access-token.js';
import type { EnabledUserCache } from './auth/enabled-user-cache.js';
import type { BrandDirectory } from './auth/brand-directory.js';
import type { CommandsService } from './commands/commands.service.js';
import type { Config } from './config/config.js';
import type { Db } from './db/database.js';
import type { DatabaseNotifications } from './db/notifications.js';
import type { RaisedEvents } from './events/raised-events.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Mailer } from './mail/mailer.js';
import type { SmsSender } from './sms/sms-sender.js';
import type { ObjectStore } from './storage/object-store.js';

/** What route modules and services need from the outside world, passed explicitly. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The process's one LISTEN connection; domains subscribe to their channel. */
  notifications: DatabaseNotifications;
  accessTokens: AccessTokens;
  /** The signed-in account of each request, cached and dropped on every change (`auth/`). */
  enabledUsers: EnabledUserCache;
  /** Which brand a request is made under (`http/request-brand.ts`), cached. */
  brands: BrandDirectory;
  mailer: Mailer;
  /** Text messages: alarms to accounts that opted in (`sms/`). */
  sms: SmsSender;
  jobs: JobQueue<JobDeps>;
  /** Files: firmware images, exports, reports, recordings (`server/src/storage`). */
  files: ObjectStore;
  /** The events ingestion raises in this process, for who acts on them at once (`events`). */
  raisedEvents: RaisedEvents;
}

/**
 * What a background job may use: the app's services, passed explicitly like everywhere else.
 * `commands`: this process's one command service (`app.commands`), through which jobs that
 * send commands (switch tasks, scheduled upgrades) reach the devices.
 */
export type JobDeps = Pick<
  AppDeps,
  'config' | 'db' | 'logger' | 'mailer' | 'sms' | 'files' | 'jobs'
> & {
  commands: CommandsService;
};
