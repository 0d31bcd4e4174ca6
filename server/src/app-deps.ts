import type { Logger } from 'pino';
import type { AccessTokens } from './auth/access-token.js';
import type { ColumnCipher } from './auth/column-cipher.js';
import type { EnabledUserCache } from './auth/enabled-user-cache.js';
import type { BrandDirectory } from './auth/brand-directory.js';
import type { Config } from './config/config.js';
import type { Db } from './db/database.js';
import type { DatabaseNotifications } from './db/notifications.js';
import type { JobSender } from './jobs/job-queue.js';
import type { Mailer } from './mail/mailer.js';
import type { PushSender } from './push/push-sender.js';
import type { SmsSender } from './sms/sms-sender.js';
import type { ObjectStore } from './storage/object-store.js';

/**
 * What route modules and services need from the outside world, passed explicitly. Only what
 * lives below every domain (config, db, auth, jobs, mail, sms, push, storage) belongs here, so that
 * any domain may take it. A domain's own service that others use (the raised-events bus, the
 * command service) is added by the composition root (`runtime.ts`, `app.ts`), and a module that
 * needs it names that slice beside `AppDeps` (`RaisedEventsDeps`, `CommandsDeps`).
 */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The process's one LISTEN connection; domains subscribe to their channel. */
  notifications: DatabaseNotifications;
  accessTokens: AccessTokens;
  /** Encrypts the secrets stored in columns that the server reads back (TOTP secrets). */
  columnCipher: ColumnCipher;
  /** The signed-in account of each request, cached and dropped on every change (`auth/`). */
  enabledUsers: EnabledUserCache;
  /** Which brand a request is made under (`http/request-brand.ts`), cached. */
  brands: BrandDirectory;
  mailer: Mailer;
  /** Text messages: alarms to accounts that opted in (`sms/`). */
  sms: SmsSender;
  /** Web Push: alarms and test messages to the browsers accounts subscribed (`push/`). */
  push: PushSender;
  /** Sends background jobs; the worker that runs them is wired in `runtime.ts`. */
  jobs: JobSender;
  /** Files: firmware images, exports, reports, recordings (`server/src/storage`). */
  files: ObjectStore;
}

/** What a background job may use: the app's services, passed explicitly like everywhere else. */
export type JobDeps = Pick<
  AppDeps,
  'config' | 'db' | 'logger' | 'mailer' | 'sms' | 'push' | 'files' | 'jobs' | 'columnCipher'
>;
