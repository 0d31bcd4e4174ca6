/** The rows one export table produces, as every file format writes them. */

/** A figure with its unit: a number in XLSX and CSV, formatted per section 9 in a PDF. */
export interface Figure {
  value: number;
  /**
   * 'kWh', 'kW', 'h', 'kg', 'ratio' (a fraction, 0.82, shown as a percentage) or the ISO 4217
   * code of a currency.
   */
  unit: string;
}

/** A spreadsheet cell: numbers and figures stay numbers in XLSX. */
export type Cell = string | number | null | Figure;

/** The table's rows, read once, with their count for the export's progress. */
export interface TableRows {
  total: number;
  rows: AsyncIterable<Cell[]>;
  /** The header row when the columns are only known once the data is read (a device's day). */
  headers?: string[];
}
