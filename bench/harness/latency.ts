import { performance } from 'node:perf_hooks';

export interface LatencySummary {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

/** Nearest-rank percentile of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, rank)] ?? Number.NaN;
}

export function summarizeLatencies(durationsMs: readonly number[]): LatencySummary {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    count: sorted.length,
  };
}

export interface SequentialRun extends LatencySummary {
  failures: number;
}

/** Calls `request(0 … count-1)` one after another; `request` resolves whether it succeeded. */
export async function timeSequentially(
  count: number,
  request: (index: number) => Promise<boolean>,
): Promise<SequentialRun> {
  const durations: number[] = [];
  let failures = 0;
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const isSuccess = await request(index);
    durations.push(performance.now() - started);
    if (!isSuccess) failures += 1;
  }
  return { ...summarizeLatencies(durations), failures };
}

/** Runs `work` and returns its result with the wall time it took. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}
