import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../app-deps.js';
import { hashPassword } from '../auth/passwords.js';
import { insertAccount } from '../accounts/account-records.js';

/**
 * Production start: when no platform administrator exists, creates one from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password printed once.
 */
export async function ensureFirstAdministrator({ db, config, logger }: AppDeps): Promise<void> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('kind', '=', 'platform_admin')
    .executeTakeFirst();
  if (existing) return;
  const email = config.ADMIN_EMAIL ?? 'admin@localhost.localdomain';
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await insertAccount(db, {
    email,
    passwordHash: await hashPassword(password),
    nickname: 'Administrator',
    kind: 'platform_admin',
  });
  if (config.ADMIN_PASSWORD) {
    logger.info({ email }, 'first platform administrator created from ADMIN_EMAIL/ADMIN_PASSWORD');
  } else {
    // Printed once, on purpose outside the structured log so it is not shipped to log stores.
    process.stdout.write(
      `\nFirst platform administrator created.\n  e-mail:   ${email}\n  password: ${password}\nChange it after signing in.\n\n`,
    );
  }
}
