import { enrolAdministrator } from './admin-second-factor.js';
import { seedTestAccounts } from './seed-accounts.js';
import { startServer } from './server.js';

/**
 * Starts the server once for every spec and hands its address to the workers through
 * E2E_BASE_URL; a given E2E_BASE_URL points the specs at a server already running instead
 * (while writing specs). With DATABASE_URL the administrator's second factor is set up and the
 * browser cookie that skips it goes to the workers in E2E_DEVICE_COOKIE. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => undefined;
  const server = await startServer();
  if (!server.isEmbedded && process.env.DATABASE_URL) {
    await seedTestAccounts(process.env.DATABASE_URL);
    process.env.E2E_DEVICE_COOKIE = await enrolAdministrator(
      server.baseUrl,
      process.env.DATABASE_URL,
    );
  }
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_BROKER_URL = server.brokerUrl;
  return () => server.stop();
}
