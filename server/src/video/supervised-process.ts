import { type ChildProcess, spawn } from 'node:child_process';
import type { Logger } from 'pino';

/** Seconds before a process that ended on its own is started again. */
const RESTART_DELAY_MS = 3000;
const STOP_GRACE_MS = 2000;

/**
 * A long-running child (ffmpeg) kept alive: started again a few seconds after it ends until
 * stopped, with arguments built afresh for each start (signed URLs expire); `restart` swaps
 * them at once (a simulated camera after a PTZ move).
 */
export class SupervisedProcess {
  private child: ChildProcess | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private isStopped = false;

  constructor(
    private readonly command: string,
    private argsOf: () => string[],
    private readonly logger: Logger,
  ) {
    this.start();
  }

  /**
   * A running child is killed and its exit starts the next one; between that exit and the
   * start, or while a start waits after a failure, the waiting start is brought forward. Never
   * two children: an orphaned simulated camera would keep its old view and hold the stream.
   */
  restart(argsOf: () => string[]): void {
    this.argsOf = argsOf;
    if (this.child) {
      this.child.kill('SIGKILL');
      return;
    }
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.start();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      // ffmpeg finishes its files on SIGTERM; one stuck on the network is killed.
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  private start(): void {
    this.restartTimer = null;
    if (this.isStopped) return;
    const child = spawn(this.command, this.argsOf(), { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let lastError = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      lastError = chunk.toString().slice(-500);
    });
    child.on('error', (error) => this.logger.warn({ err: error }, 'video process failed'));
    child.on('exit', (code) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.isStopped) return;
      if (code !== null && code !== 0)
        this.logger.debug({ code, lastError }, 'video process ended');
      const delay = code === null ? 0 : RESTART_DELAY_MS;
      this.restartTimer = setTimeout(() => this.start(), delay);
    });
  }
}
