import type { ChildProcess } from 'node:child_process';

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Signals a detached child's process group; a group already gone is no error. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Stops a child spawned with `detached: true` and everything it started: SIGTERM to its group,
 * SIGKILL after `graceMs`. A child killed by a signal keeps `exitCode` null, hence `signalCode`.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.pid === undefined || hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (!hasExited(child)) signalGroup(child, 'SIGKILL');
}
