import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { startEmbeddedPostgres } from './db/embedded-postgres.js';
import { startSimulation } from './seed/simulated-plants.js';
import { startTelemetry } from './ingestion/telemetry-runtime.js';
import { closeDeps, createDeps, createLogger } from './runtime.js';
import { seedDemoAccounts } from './seed/demo-accounts.js';
import { seedDemoContent } from './seed/demo-content.js';
import { ensureFirstAdministrator } from './seed/first-admin.js';
import { watchWebhookOutbox } from './webhooks/webhook-outbox-watcher.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const embedded = config.isEmbedded ? await startEmbeddedPostgres(config.DATA_DIR, logger) : null;
  const databaseUrl = config.DATABASE_URL ?? embedded!.url;
  const deps = await createDeps(config, databaseUrl, logger);
  if (config.isEmbedded) {
    await seedDemoAccounts(deps);
    await seedDemoContent(deps);
  } else {
    await ensureFirstAdministrator(deps);
  }

  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  await deps.jobs.work({ ...deps, commands: app.commands });
  const stopWatchingWebhooks = await watchWebhookOutbox(deps);
  const telemetry = await startTelemetry(deps);
  await app.commandChannel.start({
    brokerUrl: telemetry.brokerUrl,
    isExternal: telemetry.isExternalBroker,
    requiresPayloadKey: telemetry.requiresPayloadKey,
    ...(telemetry.broker ? telemetry.broker.internal : {}),
  });
  const simulation = startSimulation(deps, telemetry);

  let isStopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    await simulation.stop();
    stopWatchingWebhooks();
    await app.commandChannel.stop();
    await telemetry.stop();
    await app.close();
    await closeDeps(deps);
    await embedded?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
