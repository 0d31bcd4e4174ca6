import { zoneAbbreviation } from '@solar/contract';
import { formatters } from '../format/formatters';

/** How a chart writes its numbers and names the plant's clock. */
export interface ChartText {
  /** A number in the reader's locale with a fixed count of decimals. */
  decimal: (value: number, decimals: number) => string;
  /** The plant's zone abbreviation, such as "PDT", shown on the time axis. */
  zone: string;
}

/** Chart numbers in the reader's locale; the time axis named by the plant's zone. */
export function chartText(timeZone?: string): ChartText {
  return {
    decimal: formatters().decimal,
    zone: timeZone ? zoneAbbreviation(timeZone, new Date()) : '',
  };
}
