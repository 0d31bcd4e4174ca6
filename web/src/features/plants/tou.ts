import {
  clockMinutes,
  MAX_PRICE_SEGMENTS,
  type PriceSegment,
  priceSegments,
} from '@solar/contract';

export const DAY_START = '00:00';
export const DAY_END = '24:00';

/**
 * A segment while it is edited: the price may still be empty. With a `tier`, the plant's
 * master meter prices the segment (its price serves while there is no master meter).
 */
export type TouSegment = Omit<PriceSegment, 'price'> & { price: PriceSegment['price'] | null };

export type TouProblem = 'empty' | 'tooMany' | 'notContiguous' | 'lastEnd' | 'price';

/** The contract's schema decides; the problem only picks the message the user sees. */
export function touProblem(segments: readonly TouSegment[]): TouProblem | null {
  if (priceSegments.safeParse(segments).success) return null;
  if (segments.length === 0) return 'empty';
  if (segments.length > MAX_PRICE_SEGMENTS) return 'tooMany';
  if (segments.at(-1)?.end !== DAY_END) return 'lastEnd';
  const isContiguous = segments.every(
    (segment, index) =>
      segment.start === (index === 0 ? DAY_START : segments[index - 1]?.end) &&
      clockMinutes(segment.end) > clockMinutes(segment.start),
  );
  return isContiguous ? 'price' : 'notContiguous';
}

export function toPriceSegments(segments: readonly TouSegment[]): PriceSegment[] {
  return segments.map((segment) => ({ ...segment, price: segment.price ?? 0 }));
}

function clockText(minutes: number): string {
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${hours}:${String(minutes % 60).padStart(2, '0')}`;
}

const STEP_MINUTES = 15;

/**
 * A new segment splits the last one at its middle (on a quarter hour), so the list stays
 * contiguous and still ends at 24:00. Returns the list unchanged when nothing can be split.
 */
export function appendSegment(segments: readonly TouSegment[]): TouSegment[] {
  const last = segments.at(-1);
  if (!last) return [{ start: DAY_START, end: DAY_END, price: null }];
  if (!canAppendSegment(segments)) return [...segments];
  const start = clockMinutes(last.start);
  const end = clockMinutes(last.end);
  const middle = clockText(start + Math.floor((end - start) / 2 / STEP_MINUTES) * STEP_MINUTES);
  return [
    ...segments.slice(0, -1),
    { ...last, end: middle },
    { start: middle, end: last.end, price: null },
  ];
}

export function canAppendSegment(segments: readonly TouSegment[]): boolean {
  const last = segments.at(-1);
  if (!last) return true;
  const length = clockMinutes(last.end) - clockMinutes(last.start);
  return segments.length < MAX_PRICE_SEGMENTS && length >= 2 * STEP_MINUTES;
}

/** The previous segment (or, for the first, the next one) takes over the removed time. */
export function removeSegment(segments: readonly TouSegment[], index: number): TouSegment[] {
  const removed = segments[index];
  if (!removed || segments.length === 1) return [...segments];
  const rest = segments.filter((_, i) => i !== index);
  return reconnect(
    rest.map((segment, i) => (i === index - 1 ? { ...segment, end: removed.end } : segment)),
  );
}

/** Keeps the list contiguous: each start follows the previous end. */
export function reconnect(segments: readonly TouSegment[]): TouSegment[] {
  return segments.map((segment, index) => ({
    ...segment,
    start: index === 0 ? DAY_START : (segments[index - 1]?.end ?? segment.start),
  }));
}

/** Quarter-hour choices from 00:15 to 24:00 for the end of a segment. */
export function endTimeOptions(): string[] {
  const options: string[] = [];
  for (let minutes = STEP_MINUTES; minutes <= 24 * 60; minutes += STEP_MINUTES) {
    options.push(clockText(minutes));
  }
  return options;
}
