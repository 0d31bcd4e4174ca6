import pino, { type Logger } from 'pino';
import type { AppDeps } from './app-deps.js';
import { AccessTokens } from './auth/access-token.js';
import type { Config } from './config/config.js';
import { persistentSecret } from './config/secrets.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedEventDescriptors } from './events/descriptor-seed.js';
import { Mailer } from './mail/mailer.js';

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', '*.password', '*.password_hash'],
  });
}

/**
 * Connects to the database at `databaseUrl`, applies migrations, writes the reference data the
 * code ships, and wires the services.
 */
export async function createDeps(
  config: Config,
  databaseUrl: string,
  logger: Logger,
): Promise<AppDeps> {
  const db = createDb(databaseUrl);
  await migrateToLatest(db, logger);
  await seedEventDescriptors(db);
  const secret = config.JWT_SECRET ?? (await persistentSecret(config.DATA_DIR, 'jwt-secret'));
  return {
    config,
    db,
    logger,
    accessTokens: new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS),
    mailer: new Mailer(db, logger, config.SMTP_URL, config.MAIL_FROM),
  };
}
