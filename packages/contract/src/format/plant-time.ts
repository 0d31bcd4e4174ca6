/**
 * Times of a plant are shown in the plant's time zone and say so: "11:03 PDT". The zone's
 * abbreviation is the English one where one exists (PDT, CET), else the offset (GMT+8), so
 * every language shows the same, recognisable name.
 */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB'] as const;

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

function zoneNameIn(locale: string, timeZone: string, instant: Date): string {
  const parts = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

export function zoneAbbreviation(timeZone: string, instant: Date): string {
  let name = '';
  for (const locale of ABBREVIATION_LOCALES) {
    name = zoneNameIn(locale, timeZone, instant);
    if (!name.startsWith('GMT')) return name;
  }
  return name;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in an IANA time zone: a plant-local day. */
export function localDate(timeZone: string, at = new Date()): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function toDate(instant: Date | string | number): Date {
  return instant instanceof Date ? instant : new Date(instant);
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

/** "23.11.2026, 11:03 PDT" in German; the date in the reader's locale, the time the plant's. */
export function plantDateTime(
  instant: Date | string | number,
  timeZone: string,
  locale: string,
): string {
  const date = toDate(instant);
  const text = dateTimeFormat(locale, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
  return `${text} ${zoneAbbreviation(timeZone, date)}`;
}

/** The offset of a zone at an instant as '+HH:MM'; it changes with daylight saving time. */
export function utcOffset(timeZone: string, at = new Date()): string {
  const local = new Date(at.toLocaleString('en-US', { timeZone }));
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  const minutes = Math.round((local.getTime() - utc.getTime()) / 60000);
  const sign = minutes < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${sign}${pad(Math.abs(minutes) / 60)}:${pad(Math.abs(minutes) % 60)}`;
}
