/** Beyond this many keys, the oldest are forgotten so a flood of addresses cannot grow memory. */
const MAX_KEYS = 100_000;

interface KeyWindow {
  /** Attempts counted in the window: decided failures and those still pending. */
  count: number;
  /** Reserved attempts not decided yet: each may still succeed and give its count back. */
  pending: number;
  endsAt: number;
  /** Attempts waiting for a pending one to be decided. */
  waiters: (() => void)[];
}

/**
 * Counts attempts per key in fixed windows, in memory. `take` and `reserve` check and count in
 * one synchronous step, so parallel attempts can never pass the limit together: the 201st of
 * 200 parallel guesses is never evaluated. An attempt that finds the budget held by attempts
 * still pending waits for them (they may be right keys and give their count back), so a storm
 * of right keys all get in; a waiting attempt lasts no longer than the pending ones it waits
 * for, and one whose client has gone stops waiting then.
 */
export class FailureWindow {
  private readonly windows = new Map<string, KeyWindow>();

  constructor(
    readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one decided failure; false (and nothing counted) when the key has used up its window. */
  take(key: string): boolean {
    const window = this.current(key);
    if (window.count >= this.max) return false;
    window.count += 1;
    return true;
  }

  /**
   * Counts one attempt as pending, waiting while pending attempts hold the rest of the budget.
   * False (nothing counted) when decided failures spent the budget or `gaveUp()` holds.
   * Each reservation ends with one `settle`.
   */
  async reserve(key: string, gaveUp: () => boolean): Promise<boolean> {
    for (;;) {
      if (gaveUp()) return false;
      const window = this.current(key);
      if (window.count < this.max) {
        window.count += 1;
        window.pending += 1;
        return true;
      }
      if (window.pending === 0) return false;
      await new Promise<void>((resolve) => window.waiters.push(resolve));
    }
  }

  /** A reserved attempt is decided: a failure stays counted, anything else is given back. */
  settle(key: string, failed: boolean): void {
    const window = this.windows.get(key);
    if (!window) return;
    window.pending = Math.max(0, window.pending - 1);
    if (!failed && window.count > 0) window.count -= 1;
    wakeAll(window);
  }

  /** Locked by decided failures (pending attempts may yet give theirs back). */
  isExhausted(key: string): boolean {
    const window = this.windows.get(key);
    return (
      window !== undefined &&
      window.endsAt > Date.now() &&
      window.count - window.pending >= this.max
    );
  }

  /** The key's window, a fresh one when it ended (attempts still pending stay counted). */
  private current(key: string): KeyWindow {
    const now = Date.now();
    const window = this.windows.get(key);
    if (window && window.endsAt > now) return window;
    if (!window) this.forgetOldestIfFull();
    const fresh: KeyWindow = {
      count: window?.pending ?? 0,
      pending: window?.pending ?? 0,
      endsAt: now + this.windowMs,
      waiters: window?.waiters ?? [],
    };
    this.windows.delete(key);
    this.windows.set(key, fresh);
    return fresh;
  }

  private forgetOldestIfFull(): void {
    if (this.windows.size < MAX_KEYS) return;
    const oldest = this.windows.entries().next();
    if (oldest.done) return;
    this.windows.delete(oldest.value[0]);
    // Its waiters try again on a fresh window rather than wait for a settle that finds nothing.
    wakeAll(oldest.value[1]);
  }
}

function wakeAll(window: KeyWindow): void {
  for (const wake of window.waiters.splice(0)) wake();
}
