/**
 * Start-up cost of the server run from its TypeScript sources through tsx (how `npm start` ran
 * it before) against its esbuild bundle under plain node (how it runs now). Each run starts a
 * server with a fresh DATA_DIR (so the embedded PostgreSQL is created, migrated and seeded),
 * SIMULATOR=off, on free ports, and measures the time from spawning until GET /health answers
 * and the server process's resident memory at that moment (/proc/<pid>/status VmRSS; the
 * PostgreSQL processes are not counted). With DATABASE_URL set, each run gets a fresh database
 * on that server instead, which leaves out initdb and the demo seed. Prints a table; asserts
 * nothing. Takes one to three minutes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { freePort } from '../e2e/src/free-port.js';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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
  /** CPU time the server process used until then: steadier than wall time on a busy machine. */
  cpuMs: number;
  rssMb: number;
}

/** Clock ticks per second of /proc/<pid>/stat on Linux. */
const CLOCK_TICKS = 100;

async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
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

async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on DATABASE_URL's server, or null in embedded mode. */
async function freshDatabase(run: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return null;
  const name = `startup_bench_${process.pid}_${run}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE ${name} WITH (FORCE)`),
  };
}

async function measure(args: readonly string[], run: string): Promise<Sample> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-startup-'));
  const database = await freshDatabase(run);
  const port = await freePort();
  const env = {
    ...process.env,
    ...(database ? { DATABASE_URL: database.url } : {}),
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
    return { msToHealth, cpuMs: await cpuMs(child.pid!), rssMb: await residentMb(child.pid!) };
  } finally {
    await stop(child);
    await database?.drop();
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
    for (const [index, way] of WAYS.entries())
      samples.get(way.name)!.push(await measure(way.args, `${run}_${index}`));
  }
  const mode = process.env.DATABASE_URL
    ? 'fresh database on DATABASE_URL'
    : 'embedded PostgreSQL, fresh DATA_DIR';
  printTable(
    `Server start-up, ${mode}, SIMULATOR=off, node ${process.version} (median of ${RUNS_PER_WAY})`,
    ['way', 'ms to /health', 'CPU ms', 'RSS MB', 'runs (ms to /health)'],
    WAYS.map(({ name }) => {
      const runs = samples.get(name)!;
      return [
        name,
        ms(median(runs.map((s) => s.msToHealth))),
        ms(median(runs.map((s) => s.cpuMs))),
        ms(median(runs.map((s) => s.rssMb))),
        runs.map((s) => s.msToHealth.toFixed(0)).join(', '),
      ];
    }),
  );
}

runBench(main);
