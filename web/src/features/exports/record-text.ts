import { readerMoment } from '../../shared/format/formatters';

/** A moment of a record (created, expires, uploaded, next run) on the reader's clock, named. */
export function recordTimeText(iso: string | null): string {
  return iso === null ? '-' : readerMoment(iso);
}
