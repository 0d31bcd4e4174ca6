import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { displayFormatters, type DisplayFormatters, type Locale } from '@solar/contract';
import PDFDocument from 'pdfkit';
import type { Cell } from './export-tables.js';

/** A4 as section 9 fixes it, in points. */
const PAGE = { width: 592.28, height: 841.89 };
const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;
const TITLE_SIZE = 14;

// DejaVu Sans covers Latin, Greek and Cyrillic (all locales but zh_CN's Chinese glyphs); the
// font ships as an npm package so the PDF never depends on the host's fonts.
const fontPath = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const boldFontPath = createRequire(import.meta.url).resolve(
  'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
);

/** A cell's text: figures per section 9 in the reader's language, a dash for none. */
function formatCell(cell: Cell, format: DisplayFormatters): string {
  if (cell === null) return '–';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return cell.toLocaleString(format.locale);
  if (cell.unit === 'kWh') return format.energyKwh(cell.value);
  if (cell.unit === 'h') return `${format.decimal(cell.value, 2)} h`;
  return format.money(cell.value, cell.unit);
}

/**
 * A table as a PDF (pdfkit): real, selectable text on A4 pages, the header repeated on each
 * page, rows written as they come so a long report is never held in memory. Numbers and
 * figures are right aligned.
 */
export function pdfFile(
  title: string,
  headers: string[],
  rows: AsyncIterable<Cell[]>,
  locale: Locale,
): Readable {
  const format = displayFormatters(locale);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    info: { Title: title },
  });
  doc.registerFont('body', fontPath).registerFont('bold', boldFontPath);
  const columnWidth = (PAGE.width - 2 * MARGIN) / headers.length;
  let y = MARGIN;

  function writeRow(cells: Cell[], font: 'body' | 'bold') {
    doc.font(font).fontSize(FONT_SIZE);
    cells.forEach((cell, index) => {
      doc.text(formatCell(cell, format), MARGIN + index * columnWidth, y, {
        width: columnWidth - 4,
        height: ROW_HEIGHT,
        ellipsis: true,
        lineBreak: false,
        align: cell !== null && typeof cell !== 'string' ? 'right' : 'left',
      });
    });
    y += ROW_HEIGHT;
  }

  function startPage(isFirst: boolean) {
    if (!isFirst) doc.addPage();
    y = MARGIN;
    if (isFirst) {
      doc.font('bold').fontSize(TITLE_SIZE).text(title, MARGIN, y);
      y += TITLE_SIZE * 2;
    }
    writeRow(headers, 'bold');
  }

  async function write() {
    startPage(true);
    for await (const row of rows) {
      if (y + ROW_HEIGHT > PAGE.height - MARGIN) startPage(false);
      writeRow(row, 'body');
    }
    doc.end();
  }
  write().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}
