import { formatCompact } from '@solar/contract';
import { formatters } from '../../../shared/format/formatters';

const DISK_UNITS = ['kB', 'MB', 'GB'] as const;

/** Bytes on disk as a short figure with its unit, in the reader's locale. */
export function diskUse(bytes: number): string {
  const { value, unit } = formatCompact(bytes / 1000, DISK_UNITS, formatters().locale);
  return `${value} ${unit}`;
}
