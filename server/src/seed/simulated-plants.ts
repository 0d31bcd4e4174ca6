import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AppDeps } from '../app-deps.js';
import { fleetRequest } from '@solar/contract';
import { backfillDemoPlants, seedDemoPlants, seedEdgeDemoDatalogger } from './demo-plants.js';
import { loadSimulatorFleet } from './simulator-fleet.js';
import type { Telemetry } from '../ingestion/telemetry-runtime.js';

const STOP_GRACE_MS = 10_000;

/**
 * The simulator's command line: its build beside a built server, its source (run through the
 * same tsx loader as this process) while developing.
 */
function simulatorCommand(): { file: string; execArgv: string[] } {
  const root = path.dirname(
    createRequire(import.meta.url).resolve('@solar/simulator/package.json'),
  );
  const isBuilt = import.meta.url.endsWith('.js');
  return isBuilt
    ? { file: path.join(root, 'dist/cli.js'), execArgv: [] }
    : { file: path.join(root, 'src/cli.ts'), execArgv: process.execArgv };
}

/**
 * The simulator as a process of its own that connects to the broker like real dataloggers.
 * Over its IPC channel (the seam of `@solar/contract` `simulation/seam.ts`) it asks which
 * dataloggers to feed and this process answers from the database; the channel also ends it
 * when this process dies.
 */
function spawnSimulator(deps: AppDeps, telemetry: Telemetry): ChildProcess {
  const { file, execArgv } = simulatorCommand();
  const args = [
    ...execArgv,
    file,
    '--portal',
    '--broker',
    telemetry.brokerUrl,
    '--interval',
    String(deps.config.SIMULATOR_INTERVAL_SECONDS),
    '--command-drop-rate',
    String(deps.config.SIMULATOR_COMMAND_DROP_RATE),
    ...(deps.config.SIMULATOR_UPGRADE_FAILURES
      ? ['--upgrade-failures', deps.config.SIMULATOR_UPGRADE_FAILURES]
      : []),
    ...(deps.config.SIMULATOR_LEAVE_OUT_PREFIX
      ? ['--leave-out-prefix', deps.config.SIMULATOR_LEAVE_OUT_PREFIX]
      : []),
    ...(telemetry.requiresPayloadKey ? ['--include-key'] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('message', (message) => {
    if (!fleetRequest.safeParse(message).success) return;
    loadSimulatorFleet(deps.db).then(
      (dataloggers) => child.connected && child.send({ type: 'fleet', dataloggers }),
      (error: unknown) => deps.logger.warn({ err: error }, 'simulator fleet not read'),
    );
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM')
      deps.logger.warn({ code, signal }, 'simulator process ended');
  });
  deps.logger.info({ pid: child.pid }, 'simulator process started');
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

export interface Simulation {
  stop(): Promise<void>;
}

/**
 * In embedded mode: the demo plants (once) with their 30-day history, then, when SIMULATOR
 * is on (or auto in embedded mode), the simulator process feeding every datalogger live. The
 * history runs in the background so the portal answers meanwhile.
 */
export function startSimulation(deps: AppDeps, telemetry: Telemetry): Simulation {
  const { config, logger } = deps;
  const isLive = config.SIMULATOR === 'on' || (config.SIMULATOR === 'auto' && config.isEmbedded);
  let isStopped = false;
  let simulator: ChildProcess | null = null;
  const run = async () => {
    if (config.isEmbedded) {
      const seeded = await seedDemoPlants(deps);
      await seedEdgeDemoDatalogger(deps);
      if (seeded) {
        logger.info({ plants: seeded.length }, 'demo plants created; backfilling their history');
        await backfillDemoPlants(deps, telemetry.service, seeded, () => isStopped);
      }
    }
    if (isLive && !isStopped) simulator = spawnSimulator(deps, telemetry);
  };
  const running = run().catch((error: unknown) =>
    logger.error({ err: error }, 'simulation failed'),
  );
  return {
    stop: async () => {
      isStopped = true;
      await running;
      if (simulator) await stopProcess(simulator);
    },
  };
}
