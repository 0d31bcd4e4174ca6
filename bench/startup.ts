/**
 * Start-up cost of the server run from its TypeScript sources through tsx (how `npm start` ran
 * it before) against its esbuild bundle under plain node (how it runs now). Each run starts a
 * server with a fresh DATA_DIR (so the embedded PostgreSQL is created, migrated and seeded),
 * SIMULATOR=off, on free ports, and measures the time from spawning until GET /health answers
 * and the server process's resident memory at that moment (/proc/<pid>/status VmRSS; the
 * PostgreSQL processes are not counted). With DATABASE_URL / MQTT_URL set, those servers are
 * used instead. Prints a table; asserts nothing. Takes about a minute.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ms, printTable, runBench } from './harness/report.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS_PER_WAY = 3;
const HEALTH_DEADLINE_MS = 120_000;

const WAYS = [
  { name: 'tsx, TypeScript sources', args: ['--import', 'tsx', 'server/src/main.ts'] },
  { name: 'node, esbuild bundle', args: ['server/dist/main.js'] },
] as const;

interface Sample {
  msToHealth: number;
  rssMb: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kilobytes / 1024;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${HEALTH_DEADLINE_MS / 1000} s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

async function measure(args: readonly string[]): Promise<Sample> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-startup-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    MQTT_PORT: String(await freePort()),
    SIMULATOR: 'off',
    LOG_LEVEL: 'warn',
  };
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/health`, child);
    const msToHealth = performance.now() - started;
    return { msToHealth, rssMb: await residentMb(child.pid!) };
  } finally {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['esbuild.config.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const samples = new Map<string, Sample[]>(WAYS.map((way) => [way.name, []]));
  // Alternating, so a busy moment of the machine does not favour one way.
  for (let run = 0; run < RUNS_PER_WAY; run += 1) {
    for (const way of WAYS) samples.get(way.name)!.push(await measure(way.args));
  }
  const mode = process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL, fresh DATA_DIR';
  printTable(
    `Server start-up, ${mode}, SIMULATOR=off, node ${process.version} (median of ${RUNS_PER_WAY})`,
    ['way', 'ms to /health', 'RSS MB', 'runs (ms to /health)'],
    WAYS.map(({ name }) => {
      const runs = samples.get(name)!;
      return [
        name,
        ms(median(runs.map((s) => s.msToHealth))),
        ms(median(runs.map((s) => s.rssMb))),
        runs.map((s) => s.msToHealth.toFixed(0)).join(', '),
      ];
    }),
  );
}

runBench(main);
