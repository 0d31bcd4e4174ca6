/** Liveness looks at the database at most this often: it is probed far more often than that. */
const RECHECK_MS = 1_000;

/**
 * How long the database has been unreachable, as seen by the health checks: readiness reports
 * each of its checks, liveness starts one when the last is older than RECHECK_MS. Liveness never
 * waits for a check (a hanging database must not hang it); it answers from what is known.
 */
export class DatabaseOutage {
  private unreachableSince: number | null = null;
  private lastCheckAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly isReachable: () => Promise<boolean>,
    private readonly deadAfterMs: number,
  ) {}

  /** Takes in a check's result; `checkedAt` is when it started. */
  observe(isReachable: boolean, checkedAt: number): void {
    if (isReachable) this.unreachableSince = null;
    else this.unreachableSince ??= checkedAt;
  }

  /** Whether the database has been unreachable for longer than the limit. */
  hasOutlasted(now = Date.now()): boolean {
    if (now - this.lastCheckAt >= RECHECK_MS) {
      this.lastCheckAt = now;
      void this.isReachable().then((isReachable) => this.observe(isReachable, now));
    }
    return this.unreachableSince !== null && now - this.unreachableSince > this.deadAfterMs;
  }
}
