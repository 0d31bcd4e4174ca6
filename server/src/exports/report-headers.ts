import type { Locale, ReportColumn } from '@solar/contract';
import { REPORT_HEADERS } from './export-headers.js';

/** The income column's header; money cells carry their own currency. */
const INCOME_HEADER: Record<Locale, string> = {
  zh_CN: '收益',
  en: 'Income',
  es: 'Ingresos',
  de: 'Ertrag',
  po: 'Przychód',
  fr: 'Revenu',
  it: 'Ricavo',
  pt: 'Receita',
  tr: 'Gelir',
  cz: 'Výnos',
  da: 'Indtægt',
  fi: 'Tuotto',
  el: 'Έσοδα',
};

/** The label of the totals rows, as on the report page. */
export const REPORT_TOTAL_LABEL: Record<Locale, string> = {
  zh_CN: '合计',
  en: 'Total',
  es: 'Total',
  de: 'Summe',
  po: 'Suma',
  fr: 'Total',
  it: 'Totale',
  pt: 'Total',
  tr: 'Toplam',
  cz: 'Celkem',
  da: 'I alt',
  fi: 'Yhteensä',
  el: 'Σύνολο',
};

/** Where each figure's header sits in `REPORT_HEADERS` (plant and period come first). */
const HEADER_INDEX: Record<Exclude<ReportColumn, 'income'>, number> = {
  energyKwh: 2,
  equivalentHours: 3,
  importKwh: 4,
  exportKwh: 5,
  selfConsumptionKwh: 6,
};

/** The headers of a report file: plant, period, then the chosen figures. */
export function reportHeaders(locale: Locale, columns: readonly ReportColumn[]): string[] {
  const headers = REPORT_HEADERS[locale];
  return [
    headers[0]!,
    headers[1]!,
    ...columns.map((column) =>
      column === 'income' ? INCOME_HEADER[locale] : headers[HEADER_INDEX[column]]!,
    ),
  ];
}
