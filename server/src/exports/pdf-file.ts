import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { displayFormatters, type DisplayFormatters, type Locale } from '@solar/contract';
import PDFDocument from 'pdfkit';
import type { Cell } from './table-rows.js';
import { CJK_TEXT } from './cjk-coverage.js';

/** A4 as section 9 fixes it, in points. */
const PAGE = { width: 592.28, height: 841.89 };
const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;
const TITLE_SIZE = 14;
/** The logo's box at the top left of the first page. */
const LOGO = { width: 120, height: 40 };

const fontFile = (path: string) => createRequire(import.meta.url).resolve(path);

/**
 * The fonts ship with the code so a PDF never depends on the host's fonts. DejaVu Sans (an npm
 * package) covers Latin, Greek and Cyrillic (every locale's own text but Chinese); Noto Sans SC
 * (Google's, OFL), cut down to GB 2312 and the portal's own Chinese texts by
 * `server/src/exports/subset-cjk-fonts.ts`, writes any text holding Chinese or other CJK characters:
 * zh_CN headers, Chinese plant names in any language. pdfkit reads a font only when it is first
 * used, so a report without CJK text never loads the CJK files.
 */
const FONTS = {
  body: fontFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: fontFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  cjkBody: fontFile('@solar/server/fonts/NotoSansSC-Regular.subset.ttf'),
  cjkBold: fontFile('@solar/server/fonts/NotoSansSC-Bold.subset.ttf'),
} as const;
type Weight = 'body' | 'bold';

/** The font that has the glyphs of a text. */
function fontFor(text: string, weight: Weight): keyof typeof FONTS {
  if (!CJK_TEXT.test(text)) return weight;
  return weight === 'body' ? 'cjkBody' : 'cjkBold';
}

/** A cell's text: figures per section 9 in the reader's language, a dash for none. */
function formatCell(cell: Cell, format: DisplayFormatters): string {
  if (cell === null) return '–';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return cell.toLocaleString(format.locale);
  if (cell.unit === 'kWh') return format.energyKwh(cell.value);
  if (cell.unit === 'h') return `${format.decimal(cell.value, 2)} h`;
  if (cell.unit === 'kW') return format.powerKw(cell.value);
  if (cell.unit === 'kg') return `${format.decimal(cell.value, 1)} kg`;
  if (cell.unit === 'ratio') return format.percent(cell.value);
  return format.money(cell.value, cell.unit);
}

/**
 * A table as a PDF (pdfkit): real, selectable text on A4 pages, the header repeated on each
 * page, rows written as they come so a long report is never held in memory. Numbers and
 * figures are right aligned. A logo (PNG or JPEG), when given, heads the first page.
 */
export function pdfFile(
  title: string,
  headers: string[],
  rows: AsyncIterable<Cell[]>,
  locale: Locale,
  logo: Buffer | null = null,
): Readable {
  const format = displayFormatters(locale);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    info: { Title: title },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const columnWidth = (PAGE.width - 2 * MARGIN) / headers.length;
  let y = MARGIN;

  function writeRow(cells: Cell[], weight: Weight) {
    cells.forEach((cell, index) => {
      const text = formatCell(cell, format);
      doc.font(fontFor(text, weight)).fontSize(FONT_SIZE);
      doc.text(text, MARGIN + index * columnWidth, y, {
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
    if (isFirst && logo) {
      doc.image(logo, MARGIN, y, { fit: [LOGO.width, LOGO.height] });
      y += LOGO.height + TITLE_SIZE / 2;
    }
    if (isFirst) {
      doc.font(fontFor(title, 'bold')).fontSize(TITLE_SIZE).text(title, MARGIN, y);
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
