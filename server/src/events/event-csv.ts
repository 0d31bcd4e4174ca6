import { eventLevelLetter, type Locale } from '@solar/contract';
import { stringify } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import { exportHeaders } from '../i18n/export-headers.js';
import { describeEvent } from './event-texts.js';
import type { EventRecord } from './events.presenter.js';

const COLUMNS = [
  'level',
  'code',
  'description',
  'suggestion',
  'device',
  'plant',
  'start',
  'end',
  'acknowledgedBy',
  'acknowledgedAt',
] as const;
type Column = (typeof COLUMNS)[number];

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, string>();
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The zone's UTC offset (`+01:00`) at an instant. Zones change offset on quarter hours, so one
 * answer per zone and quarter hour is cached: an export of many rows asks Intl rarely.
 */
function offsetAt(at: Date, timeZone: string): string {
  const key = `${timeZone} ${Math.floor(at.getTime() / QUARTER_HOUR_MS)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    let format = offsetFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
      offsetFormats.set(timeZone, format);
    }
    const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
    // `longOffset` reads "GMT+01:00", or plain "GMT" at UTC.
    offset = (name ?? 'GMT').replace('GMT', '') || '+00:00';
    if (offsetCache.size > 100_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/** `2026-03-01 09:00:00 +01:00`: the plant-local wall time with its offset, sortable. */
export function formatPlantTime(at: Date, timeZone: string): string {
  const offset = offsetAt(at, timeZone);
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number);
  const local = new Date(at.getTime() + sign * (hours * 60 + minutes) * 60_000);
  return `${local.toISOString().slice(0, 19).replace('T', ' ')} ${offset}`;
}

/** The header row in `locale`, in column order (shared with the export centre). */
export function eventCsvHeaders(locale: Locale): string[] {
  const headers = exportHeaders(locale).events;
  return COLUMNS.map((column) => headers[column]);
}

/** One event's cells in column order, times in its plant's time zone. */
export function eventCsvCells(row: EventRecord, locale: Locale): string[] {
  const values = csvRow(row, locale);
  return COLUMNS.map((column) => values[column]);
}

function csvRow(row: EventRecord, locale: Locale): Record<Column, string> {
  const { text, suggestion } = describeEvent(row.texts, locale, row.code);
  return {
    level: eventLevelLetter(row.level),
    code: row.code,
    description: text,
    suggestion,
    device: row.sn,
    plant: row.plant_name,
    start: formatPlantTime(row.started_at, row.time_zone),
    end: row.ended_at ? formatPlantTime(row.ended_at, row.time_zone) : '',
    acknowledgedBy: row.acknowledged_by_name ?? '',
    acknowledgedAt: row.acknowledged_at ? formatPlantTime(row.acknowledged_at, row.time_zone) : '',
  };
}

const ROWS_PER_CHUNK = 500;

/**
 * The CSV of `rows` as a stream of chunks of a few hundred rows: rows are pulled from the
 * cursor only as fast as the client reads, and a client that goes away ends the generator and
 * with it the cursor. A byte order mark makes spreadsheet programs read the file as UTF-8.
 */
export function eventsCsv(rows: AsyncIterable<EventRecord>, locale: Locale): Readable {
  async function* chunks() {
    yield `\uFEFF${stringify([eventCsvHeaders(locale)])}`;
    let batch: string[][] = [];
    for await (const row of rows) {
      batch.push(eventCsvCells(row, locale));
      if (batch.length === ROWS_PER_CHUNK) {
        yield stringify(batch);
        batch = [];
      }
    }
    if (batch.length > 0) yield stringify(batch);
  }
  return Readable.from(chunks(), { objectMode: false });
}
