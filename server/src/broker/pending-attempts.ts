/**
 * Authentications still being evaluated, per key. An attempt the failure budget has no room
 * for waits while others are pending (they may yet succeed and give their count back) instead
 * of being refused: a storm of right keys from one address all get in, while parallel wrong
 * guesses are still evaluated no further than the budget allows.
 */
export class PendingAttempts {
  private readonly counts = new Map<string, number>();
  private readonly waiters = new Map<string, (() => void)[]>();

  has(key: string): boolean {
    return this.counts.has(key);
  }

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** One pending attempt is decided: the attempts waiting for the key try again. */
  settle(key: string): void {
    const left = (this.counts.get(key) ?? 1) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
    const waiting = this.waiters.get(key) ?? [];
    this.waiters.delete(key);
    for (const wake of waiting) wake();
  }

  /** Resolves when the next pending attempt of the key is decided. */
  nextSettled(key: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.set(key, [...(this.waiters.get(key) ?? []), resolve]);
    });
  }
}
