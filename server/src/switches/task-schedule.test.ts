import { describe, expect, it } from 'vitest';
import { nextRunAfter, type TaskTerms } from './task-schedule.js';

const daily = (localTime: string): TaskTerms => ({
  kind: 'repeat',
  localDate: null,
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  localTime,
});
const once = (localDate: string, localTime: string): TaskTerms => ({
  kind: 'once',
  localDate,
  weekdays: [],
  localTime,
});

/** The runs of `terms` from `from`, each computed after the previous one (as the dispatcher does). */
function runs(terms: TaskTerms, timeZone: string, from: string, count: number): string[] {
  const result: string[] = [];
  let after = new Date(from);
  for (let i = 0; i < count; i += 1) {
    const next = nextRunAfter(terms, timeZone, after);
    if (!next) break;
    result.push(next.toISOString());
    after = next;
  }
  return result;
}

describe('timed switch tasks across daylight-saving changes', () => {
  it.each([
    // Berlin: CET +1 → CEST +2 on 29 March, back on 25 October 2026.
    [
      'Europe/Berlin',
      '2026-03-27T12:00:00Z',
      ['2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z', '2026-03-30T06:00:00.000Z'],
    ],
    [
      'Europe/Berlin',
      '2026-10-23T12:00:00Z',
      ['2026-10-24T06:00:00.000Z', '2026-10-25T07:00:00.000Z', '2026-10-26T07:00:00.000Z'],
    ],
    // New York: EST -5 → EDT -4 on 8 March, back on 1 November 2026.
    [
      'America/New_York',
      '2026-03-06T18:00:00Z',
      ['2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z', '2026-03-09T12:00:00.000Z'],
    ],
    [
      'America/New_York',
      '2026-10-30T18:00:00Z',
      ['2026-10-31T12:00:00.000Z', '2026-11-01T13:00:00.000Z', '2026-11-02T13:00:00.000Z'],
    ],
  ])('keeps 08:00 local in %s from %s', (timeZone, from, expected) => {
    expect(runs(daily('08:00'), timeZone, from, 3)).toEqual(expected);
  });

  it.each([
    [
      'the skipped spring hour once, after the jump',
      'Europe/Berlin',
      '02:30',
      '2026-03-28T12:00:00Z',
      ['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z'],
    ],
    [
      'the skipped spring hour once, after the jump',
      'America/New_York',
      '02:30',
      '2026-03-07T12:00:00Z',
      ['2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z'],
    ],
    [
      'the repeated autumn hour once, at its first occurrence',
      'Europe/Berlin',
      '02:30',
      '2026-10-24T12:00:00Z',
      ['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z'],
    ],
    [
      'the repeated autumn hour once, at its first occurrence',
      'America/New_York',
      '01:30',
      '2026-10-31T12:00:00Z',
      ['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'],
    ],
  ])('runs a time inside %s (%s, %s)', (_hour, timeZone, localTime, from, expected) => {
    expect(runs(daily(localTime), timeZone, from, 2)).toEqual(expected);
  });

  it('does not run again when asked from inside the repeated hour (a restart there)', () => {
    const next = nextRunAfter(daily('02:30'), 'Europe/Berlin', new Date('2026-10-25T01:10:00Z'));
    expect(next?.toISOString()).toBe('2026-10-26T01:30:00.000Z');
  });

  it('runs on the chosen weekdays only', () => {
    const weekdays: TaskTerms = { ...daily('18:15'), weekdays: [1, 5] };
    expect(runs(weekdays, 'Europe/Berlin', '2026-03-26T00:00:00Z', 3)).toEqual([
      '2026-03-27T17:15:00.000Z',
      '2026-03-30T16:15:00.000Z',
      '2026-04-03T16:15:00.000Z',
    ]);
  });

  it('runs a single task once at its local date and time, then never', () => {
    const terms = once('2026-10-25', '08:00');
    expect(runs(terms, 'America/New_York', '2026-10-01T00:00:00Z', 3)).toEqual([
      '2026-10-25T12:00:00.000Z',
    ]);
    expect(
      nextRunAfter(
        once('2026-03-29', '02:30'),
        'Europe/Berlin',
        new Date('2026-03-01'),
      )?.toISOString(),
    ).toBe('2026-03-29T01:30:00.000Z');
  });
});
