/**
 * A server process reduced to ingestion, for the scale-out test: configured like the server
 * (DATABASE_URL, MQTT_URL, PORT, MQTT_INGEST_CLIENT_ID, MQTT_INGEST_SHARE_GROUP), starts telemetry, prints `ready`, and runs until
 * killed (SIGTERM stops it cleanly; the test also kills it with SIGKILL).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/config.js';
import { closeDeps, createDeps, createLogger } from '../../runtime.js';
import { ingestionCounters } from '../../ingestion/ingestion-stats.js';
import { startTelemetry } from '../../ingestion/telemetry-runtime.js';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-ingest-child-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SIMULATOR: 'off',
});
const deps = await createDeps(config, process.env.DATABASE_URL!, createLogger(config));
const telemetry = await startTelemetry(deps);
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void telemetry.stop().then(async () => {
    process.stdout.write(`stored ${ingestionCounters.stored}\n`);
    await closeDeps(deps);
    process.exit(0);
  });
});
