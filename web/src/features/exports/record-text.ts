import { bcp47Of } from '@solar/contract';
import { currentLocale } from '../../shared/i18n/locale';

/** A file's size in B, KB or MB, in the reader's language ("-" when unknown). */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '-';
  const format = new Intl.NumberFormat(bcp47Of(currentLocale()), { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} KB`;
  return `${format.format(bytes / 1024 / 1024)} MB`;
}

/** A moment of a record (created, expires, uploaded, next run) in the reader's language. */
export function recordTimeText(iso: string | null): string {
  if (iso === null) return '-';
  return new Intl.DateTimeFormat(bcp47Of(currentLocale()), {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}
