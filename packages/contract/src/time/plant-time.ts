/**
 * Plant-local time, in one place for server, web and simulator. A plant's days, clocks and
 * timestamps are those of its IANA time zone, never the machine's.
 *
 * Times of a plant are shown in the plant's time zone and say so: "11:03 PDT". The zone's
 * abbreviation is the English one where one exists (PDT, CET), else the offset (GMT+8), so
 * every language shows the same, recognisable name.
 */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB'] as const;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and options, kept: making one costs far more than using it. */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function toDate(instant: Date | string | number): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

function zoneNameIn(locale: string, timeZone: string, instant: Date): string {
  const parts = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** The zone's name at an instant by the rule above: "CEST", "PST", "GMT+9", "UTC". */
export function zoneAbbreviation(timeZone: string, instant: Date): string {
  let name = '';
  for (const locale of ABBREVIATION_LOCALES) {
    name = zoneNameIn(locale, timeZone, instant);
    if (!name.startsWith('GMT')) return name;
  }
  return name;
}

const offsetCache = new Map<string, number>();
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/**
 * The zone's offset from UTC in minutes at an instant (daylight saving time included). Zones
 * change offset on quarter hours, so one answer per zone and quarter hour is kept: an export of
 * many rows asks Intl rarely.
 */
export function offsetMinutes(timeZone: string, at: Date | number = new Date()): number {
  const epochMs = typeof at === 'number' ? at : at.getTime();
  const key = `${timeZone} ${Math.floor(epochMs / QUARTER_HOUR_MS)}`;
  let minutes = offsetCache.get(key);
  if (minutes === undefined) {
    const name = dateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(epochMs)
      .find((part) => part.type === 'timeZoneName')?.value;
    // `longOffset` reads "GMT+05:45", or plain "GMT" at UTC.
    const match = /([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    if (offsetCache.size > 100_000) offsetCache.clear();
    offsetCache.set(key, minutes);
  }
  return minutes;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The offset of a zone at an instant as '+HH:MM'; it changes with daylight saving time. */
export function utcOffset(timeZone: string, at: Date | number = new Date()): string {
  const minutes = offsetMinutes(timeZone, at);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** The plant's wall clock at an instant, as a UTC date whose fields read that wall time. */
function wallClock(timeZone: string, at: Date | number): Date {
  const epochMs = typeof at === 'number' ? at : at.getTime();
  return new Date(epochMs + offsetMinutes(timeZone, epochMs) * MINUTE_MS);
}

/** The calendar date (`YYYY-MM-DD`) of an instant in an IANA time zone: a plant-local day. */
export function localDate(timeZone: string, at: Date | number = new Date()): string {
  return wallClock(timeZone, at).toISOString().slice(0, 10);
}

/** The plant-local time of day of an instant, `HH:MM` (24 h). */
export function localClock(timeZone: string, at: Date | number = new Date()): string {
  return wallClock(timeZone, at).toISOString().slice(11, 16);
}

/** The plant-local hour of an instant, 0 to 23. */
export function localHour(timeZone: string, at: Date | number = new Date()): number {
  return wallClock(timeZone, at).getUTCHours();
}

/**
 * `2026-10-25 02:30:00 +02:00`: the plant-local wall time with its offset, sortable. On the day
 * clocks go back the hour from 02:00 happens twice, and the offset tells the two apart.
 */
export function localTimestamp(timeZone: string, at: Date | number): string {
  const wall = wallClock(timeZone, at).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)} ${utcOffset(timeZone, at)}`;
}

/**
 * The instant the wall time `date` 00:00 happens in `timeZone`. Where midnight happens twice the
 * first; where the clocks jump over it, the moment they land (as PostgreSQL reads such a time).
 */
function localMidnight(timeZone: string, date: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const before = offsetMinutes(timeZone, wall - DAY_MS);
  const after = offsetMinutes(timeZone, wall + DAY_MS);
  const matching = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wallClock(timeZone, instant).getTime() === wall);
  return new Date(matching.length > 0 ? Math.min(...matching) : wall - before * MINUTE_MS);
}

export interface DayBounds {
  from: Date;
  to: Date;
}

/**
 * The plant-local day `date` (`YYYY-MM-DD`) as instants: its local midnight and the next day's.
 * A day lasts 23 or 25 hours when the clocks change.
 */
export function dayBounds(timeZone: string, date: string): DayBounds {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { from: localMidnight(timeZone, date), to: localMidnight(timeZone, next) };
}

/** "11:03 PDT": hours and minutes of the plant's wall clock in the reader's locale. */
export function plantTime(
  instant: Date | string | number,
  timeZone: string,
  locale: string,
): string {
  const date = toDate(instant);
  const time = dateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
  return `${time} ${zoneAbbreviation(timeZone, date)}`;
}

/** How finely a time is shown: logs of a device's exchanges need their seconds. */
export type TimePrecision = 'minute' | 'second';

/**
 * "23.11.2026, 11:03 PDT" in German; the date in the reader's locale, the time the plant's.
 */
export function plantDateTime(
  instant: Date | string | number,
  timeZone: string,
  locale: string,
  precision: TimePrecision = 'minute',
): string {
  const date = toDate(instant);
  const text = dateTimeFormat(locale, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: precision === 'second' ? 'medium' : 'short',
  }).format(date);
  return `${text} ${zoneAbbreviation(timeZone, date)}`;
}

/** "23.11.2026" in German: the plant-local date of an instant in the reader's locale. */
export function plantDate(
  instant: Date | string | number,
  timeZone: string,
  locale: string,
): string {
  return dateTimeFormat(locale, { timeZone, dateStyle: 'medium' }).format(toDate(instant));
}
