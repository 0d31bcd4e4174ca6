import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { stopProcessGroup } from './process-group.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The demo inverter (an installer plant's, embedded mode) whose firmware upgrades fail with a
 * checksum mismatch, so the campaign spec sees a wave pause its campaign. It is in the first
 * wave (at most half the devices) but is not the first device (the other campaign's canary).
 */
export const DEMO_FAILING_INVERTER = 'DEMOINV0302';
/** The specs' own dataloggers: the embedded server's simulator leaves them to the specs. */
export const SPEC_DATALOGGER_PREFIX = 'E2E';

export interface RunningServer {
  baseUrl: string;
  /** The broker the specs' own dataloggers connect to. */
  brokerUrl: string;
  isEmbedded: boolean;
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log.join('')}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not become healthy:\n${log.join('')}`);
}

/**
 * A test server's ingestion sessions must not outlive it on the machine's broker: sessions left
 * in the shared group would take their share of the next run's messages and never ingest them.
 */
function externalBrokerSession(port: number): NodeJS.ProcessEnv {
  return {
    MQTT_INGEST_SHARE_GROUP: `e2e-${port}-${process.pid}`,
    MQTT_INGEST_SESSION_EXPIRY_SECONDS: '30',
    MQTT_INGEST_CONNECTIONS: '20',
  };
}

/** Starts the server exactly as `npm start` does, on free ports and a temporary data folder. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'solar-e2e-'));
  const isEmbedded = !process.env.DATABASE_URL;
  const mqttPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SIMULATOR_INTERVAL_SECONDS: '5',
    // Every command the specs send is answered (the demo drops a few to show timeouts).
    SIMULATOR_COMMAND_DROP_RATE: '0',
    SIMULATOR_UPGRADE_FAILURES: `${DEMO_FAILING_INVERTER}=checksum`,
    // The webhook spec's receiver listens on loopback.
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    VIDEO_RTMP_PORT: String(await freePort()),
    ...(process.env.MQTT_URL ? externalBrokerSession(port) : { MQTT_PORT: String(mqttPort) }),
    ...(isEmbedded
      ? { SIMULATOR_LEAVE_OUT_PREFIX: SPEC_DATALOGGER_PREFIX }
      : { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Solar2026' }),
  };
  const child = spawn('npm', ['run', 'start', '-w', 'server'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, log);
  return {
    baseUrl,
    brokerUrl: process.env.MQTT_URL ?? `mqtt://127.0.0.1:${mqttPort}`,
    isEmbedded,
    stop: async () => {
      await stopProcessGroup(child, 10_000);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
