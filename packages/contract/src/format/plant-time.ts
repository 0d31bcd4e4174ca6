/**
 * Times of a plant are shown in the plant's time zone and say so: "11:03 PDT". The zone's
 * abbreviation is the English one where one exists (PDT, CET), else the offset (GMT+8), so
 * every language shows the same, recognisable name.
 */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB'] as const;

function zoneNameIn(locale: string, timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(
    instant,
  );
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
  return new Intl.DateTimeFormat('en-CA', {
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
  const time = new Intl.DateTimeFormat(locale, {
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
  const text = new Intl.DateTimeFormat(locale, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
  return `${text} ${zoneAbbreviation(timeZone, date)}`;
}
