const SECONDS_PER_DAY = 86_400;

/** Whole seconds from `now` to the next UTC midnight: 86400 at midnight, 1 just before. */
export function secondsUntilNextUtcMidnight(now: Date): number {
  const secondsSinceMidnight = Math.floor(now.getTime() / 1000) % SECONDS_PER_DAY;
  return SECONDS_PER_DAY - secondsSinceMidnight;
}

/**
 * Language entries are read once per UTC day (section 4): the browser's HTTP cache serves
 * every tab the same answer until the next UTC midnight, without any client-side storage.
 */
export function entriesCacheControl(now: Date): string {
  return `public, max-age=${secondsUntilNextUtcMidnight(now)}`;
}
