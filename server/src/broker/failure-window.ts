/** Beyond this many keys, the oldest are forgotten so a flood of addresses cannot grow memory. */
const MAX_KEYS = 100_000;

/**
 * Counts attempts per key in fixed windows, in memory. `take` checks and counts in one
 * synchronous step, so parallel attempts can never pass the limit together: the 201st of 200
 * parallel guesses is refused before any of them has been evaluated.
 */
export class FailureWindow {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; false (and nothing counted) when the key has used up its window. */
  take(key: string): boolean {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.forgetOldestIfFull();
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    if (window.count >= this.max) return false;
    window.count += 1;
    return true;
  }

  /** Gives back an attempt that turned out to be no failure (the right key). */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  isExhausted(key: string): boolean {
    const window = this.windows.get(key);
    return window !== undefined && window.endsAt > Date.now() && window.count >= this.max;
  }

  private forgetOldestIfFull(): void {
    if (this.windows.size < MAX_KEYS) return;
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}
