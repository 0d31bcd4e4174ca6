import { formatCompact } from '@solar/contract';

const DISK_UNITS = ['kB', 'MB', 'GB'] as const;

/** Bytes on disk as a short figure with its unit. */
export function diskUse(bytes: number): string {
  const { value, unit } = formatCompact(bytes / 1000, DISK_UNITS);
  return `${value} ${unit}`;
}
