import { execFile } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const run = promisify(execFile);

/** How long a fast shutdown of a stale postmaster may take before it is told to quit at once. */
const FAST_SHUTDOWN_MS = 20_000;
const IMMEDIATE_SHUTDOWN_MS = 10_000;
const POLL_MS = 100;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by a user we may not signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function canonical(dir: string): Promise<string> {
  return realpath(dir).catch(() => path.resolve(dir));
}

/** The program and arguments of a live process, or null when it cannot be read. */
async function commandLine(pid: number): Promise<string[] | null> {
  const proc = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (proc !== null) return proc.split('\0').filter(Boolean);
  const ps = await run('ps', ['-o', 'args=', '-p', String(pid)]).catch(() => null);
  return ps ? ps.stdout.trim().split(/\s+/) : null;
}

/** Whether `pid` runs the postgres binary on `databaseDir` (its `-D` argument). */
async function isOurPostmaster(pid: number, databaseDir: string): Promise<boolean> {
  const args = await commandLine(pid);
  if (!args || path.basename(args[0] ?? '') !== 'postgres') return false;
  const dirIndex = args.indexOf('-D');
  if (dirIndex < 0) return false;
  return (await canonical(args[dirIndex + 1] ?? '')) === databaseDir;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/**
 * A server process killed with SIGKILL leaves its PostgreSQL child running on our data
 * directory, holding the postmaster.pid lock, and the next start fails. When postmaster.pid
 * names a live postgres process whose data directory is ours, it is shut down (fast, then
 * immediate); a pid file whose process is gone or is something else is left to PostgreSQL,
 * which replaces a stale lock itself. Anything that is not provably ours is never signalled.
 */
export async function stopStalePostmaster(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(
    () => null,
  );
  if (pidFile === null) return;
  const [pidLine, dirLine] = pidFile.split('\n');
  const pid = Number(pidLine);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return;
  const ours = await canonical(databaseDir);
  if ((await canonical(dirLine ?? '')) !== ours || !(await isOurPostmaster(pid, ours))) return;

  logger.warn({ pid, databaseDir }, 'stopping a PostgreSQL left running by an earlier start');
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, FAST_SHUTDOWN_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, IMMEDIATE_SHUTDOWN_MS)) return;
  throw new Error(
    `a PostgreSQL server (pid ${pid}) still runs on ${databaseDir} and did not stop; stop it and start again`,
  );
}
