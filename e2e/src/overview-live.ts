import { expect, type Page, type Response } from '@playwright/test';

/**
 * Reading the plant overview's live poll: the page asks for its live part every 15 s and shows
 * the last update to the minute, while the answers carry it to the second, so they tell when
 * new data arrived without waiting for the minute to turn.
 */
export interface LiveReading {
  lastUpdate: string;
  timeZone: string;
}

interface LiveAnswer {
  data: { realtime: { lastUpdate: string | null; timeZone: string } };
}

/** An answer of the live poll with a body (not a 304 while nothing moved). */
function isLiveAnswer(response: Response): boolean {
  return /\/api\/v1\/plant\/\d+\/live$/.test(response.url()) && response.status() === 200;
}

/**
 * The next live answer reporting a reading newer than `after` (any reading when null). Start
 * waiting before the action that loads the page, so its first answer is not missed.
 */
export async function nextLiveReading(
  page: Page,
  after: LiveReading | null,
  timeoutMs: number,
): Promise<LiveReading> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await page.waitForResponse(isLiveAnswer, {
      timeout: Math.max(deadline - Date.now(), 1),
    });
    const { lastUpdate, timeZone } = ((await response.json()) as LiveAnswer).data.realtime;
    if (lastUpdate && (!after || Date.parse(lastUpdate) > Date.parse(after.lastUpdate)))
      return { lastUpdate, timeZone };
  }
}

/** The clock the overview shows for a reading ("3:05" of "3:05 PM"), in the plant's zone. */
function shownClock({ lastUpdate, timeZone }: LiveReading): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).formatToParts(new Date(lastUpdate));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('hour')}:${part('minute')}`;
}

/** The overview's "Last update" shows the reading. */
export async function expectLastUpdateShown(page: Page, reading: LiveReading): Promise<void> {
  await expect(page.getByTestId('last-update')).toContainText(shownClock(reading));
}
