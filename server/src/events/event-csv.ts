import { eventLevelLetter, type Locale, localTimestamp } from '@solar/contract';
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
    start: localTimestamp(row.time_zone, row.started_at),
    end: row.ended_at ? localTimestamp(row.time_zone, row.ended_at) : '',
    acknowledgedBy: row.acknowledged_by_name ?? '',
    acknowledgedAt: row.acknowledged_at ? localTimestamp(row.time_zone, row.acknowledged_at) : '',
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
