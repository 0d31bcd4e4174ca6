import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 100;

/** Signals a detached child's process group; false when the group is gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-child.pid!, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    return false;
  }
}

async function groupEnded(child: ChildProcess, withinMs: number): Promise<boolean> {
  for (let waited = 0; waited < withinMs; waited += POLL_MS) {
    if (!signalGroup(child, 0)) return true;
    await sleep(POLL_MS);
  }
  return !signalGroup(child, 0);
}

/**
 * Stops a child spawned with `detached: true` and everything it started: SIGTERM to its group,
 * SIGKILL after `graceMs`. It waits for the whole group, not the leader alone: a recorder still
 * closing its last segment would otherwise write into a folder the caller is removing.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.pid === undefined || !signalGroup(child, 'SIGTERM')) return;
  if (await groupEnded(child, graceMs)) return;
  signalGroup(child, 'SIGKILL');
  await groupEnded(child, graceMs);
}
