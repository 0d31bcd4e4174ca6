/**
 * The edge agent on a small device's budget: the agent's CLI as its own process (run by tsx, as
 * `npm run edge` runs it) reads 10 SunSpec inverters served by Debian's pymodbus every
 * `--interval` seconds for `--seconds` and reports them to the real portal (embedded database
 * and broker). Prints its CPU (share of one core) and resident memory beside a bare `node` with
 * the same loader (the floor the runtime sets on this machine), then its catch-up rate: a backlog
 * of `--backlog` readings on disk sent after an outage, readings per second until the portal
 * acknowledged them all. Goal (issue 37): under 2 % of a core and under 100 MB. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DiskBuffer } from '../edge/src/buffer/disk-buffer.js';
import { THREE_PHASE_INVERTER } from '../edge/src/test/demo-devices.js';
import { ensurePymodbus, SunSpecDeviceServer } from '../edge/src/test/sunspec-device-server.js';
import { startTelemetry } from '../server/src/ingestion/telemetry-runtime.js';
import { printTable, runBench } from './harness/report.js';
import { createBenchOwner } from './harness/seed.js';
import { withBenchApp } from './harness/server.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    interval: { type: 'string', default: '10' },
    backlog: { type: 'string', default: '2000' },
  },
});
const SECONDS = Number(args.seconds);
const INTERVAL = Number(args.interval);
const BACKLOG = Number(args.backlog);
const DEVICES = 10;
const REPOSITORY = path.resolve(import.meta.dirname, '..');
const CLI = path.join(REPOSITORY, 'edge/src/cli.ts');
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) and resident MB of a running process, from /proc. */
async function usageOf(pid: number): Promise<{ cpuSeconds: number; rssMb: number }> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuSeconds: (Number(stat[11]) + Number(stat[12])) / CLOCK_TICKS, rssMb: rssKb / 1024 };
}

/** Share of one core and resident memory of a process between now and `seconds` later. */
async function measure(child: ChildProcess, seconds: number) {
  const before = await usageOf(child.pid!);
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await usageOf(child.pid!);
  const wall = (Date.now() - started) / 1000;
  return { corePct: ((after.cpuSeconds - before.cpuSeconds) / wall) * 100, rssMb: after.rssMb };
}

const pending = async (bufferDir: string) =>
  (await readdir(path.join(bufferDir, 'pending')).catch(() => [])).filter((name) =>
    name.endsWith('.json'),
  ).length;

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

runBench(async () => {
  ensurePymodbus();
  await withBenchApp(async ({ deps }) => {
    const telemetry = await startTelemetry(deps, {
      mqttPort: 0,
      clientId: `bench-edge-${randomUUID().slice(0, 8)}`,
      shareGroup: `bedge${randomUUID().slice(0, 8)}`,
      sessionExpirySeconds: 60,
    });
    const units = Object.fromEntries(
      Array.from({ length: DEVICES }, (_, index) => [
        index + 1,
        {
          models: THREE_PHASE_INVERTER.models.map((model) =>
            model.id === 1
              ? { ...model, values: { ...model.values, SN: `BENCH-INV-${index + 1}` } }
              : model,
          ),
        },
      ]),
    );
    const devices = await SunSpecDeviceServer.start(units);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-edge-'));
    try {
      const ownerId = await createBenchOwner(deps, { email: `bench-${randomUUID()}@example.com` });
      const plant = await deps.db
        .insertInto('plants')
        .values({ name: 'Edge bench', owner_user_id: ownerId, company_id: null, capacity_kwp: 100 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sn = `EDGEBENCH${randomUUID().slice(0, 6)}`;
      await deps.db
        .insertInto('dataloggers')
        .values({ sn, registration_key: 'BENCHKEY', plant_id: plant.id })
        .execute();
      const bufferDir = path.join(dir, 'buffer');
      const configFile = path.join(dir, 'agent.json');
      await writeFile(
        configFile,
        JSON.stringify({
          portal: { url: telemetry.brokerUrl, sn, key: 'BENCHKEY' },
          intervalSeconds: INTERVAL,
          bufferDir,
          devices: [{ modbus: devices.url, unitIds: Object.keys(units).map(Number) }],
        }),
      );
      const run = (script: string[]) =>
        spawn(process.execPath, ['--import', 'tsx', ...script], {
          cwd: REPOSITORY,
          stdio: 'ignore',
        });

      const idle = run(['-e', 'setInterval(() => {}, 1000)']);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const floor = await measure(idle, Math.min(SECONDS, 20));
      await stop(idle);

      const agent = run([CLI, '--config', configFile]);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const polling = await measure(agent, SECONDS);
      await stop(agent);

      const buffer = await DiskBuffer.open(bufferDir, 1024 ** 3);
      const readingAt = Date.now() - BACKLOG * INTERVAL * 1000;
      for (let index = 0; index < BACKLOG; index += 1) {
        const ts = new Date(readingAt + index * INTERVAL * 1000).toISOString();
        await buffer.add({
          ts,
          devices: Object.keys(units).map((unit) => ({
            sn: `BENCH-INV-${unit}`,
            kind: 'inverter' as const,
            values: { pac_w: 4210, e_total_kwh: 10532.7 + index / 1000, status: 'normal' as const },
          })),
        });
      }
      const catchUpStarted = Date.now();
      const catchingUp = run([CLI, '--config', configFile]);
      while ((await pending(bufferDir)) > 0)
        await new Promise((resolve) => setTimeout(resolve, 200));
      const catchUpSeconds = (Date.now() - catchUpStarted) / 1000;
      await stop(catchingUp);

      printTable(
        `Edge agent: ${DEVICES} SunSpec inverters over Modbus TCP every ${INTERVAL} s, ${SECONDS} s measured`,
        ['process', 'CPU (% of one core)', 'resident MB'],
        [
          ['edge agent (tsx)', polling.corePct.toFixed(2), polling.rssMb.toFixed(0)],
          ['bare node with tsx (floor)', floor.corePct.toFixed(2), floor.rssMb.toFixed(0)],
        ],
      );
      printTable(
        'Edge agent: catch-up after an outage (agent start included)',
        ['readings', 'seconds', 'readings/s'],
        [[String(BACKLOG), catchUpSeconds.toFixed(1), (BACKLOG / catchUpSeconds).toFixed(0)]],
      );
    } finally {
      await devices.stop();
      await telemetry.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
