import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * Cells GB 2312 leaves empty that a GBK decoder fills anyway: with private-use characters on
 * older ICU (Node 20), with these on the ICU of GB 18030-2022 (Node 22 and 24): the euro sign,
 * ǹ, ḿ and the vertical punctuation forms.
 */
const FILLED_EMPTY_CELLS = /[\uFFFD\p{Co}\u01F9\u1E3F\u20AC\uFE10-\uFE19]/gu;

/**
 * GB 2312, the character set of simplified Chinese: its 6,763 hanzi cover all but a
 * hundredth of a percent of everyday text, and its symbol rows hold kana, Greek, Cyrillic
 * and the full-width forms. Read through the runtime's GBK decoder (a superset), without what
 * it gives the set's empty cells, so every Node version reads the same set.
 */
function gb2312(): string {
  const bytes: number[] = [];
  for (const row of [...range(0xa1, 0xa9), ...range(0xb0, 0xf7)]) {
    for (const cell of range(0xa1, 0xfe)) bytes.push(row, cell);
  }
  return new TextDecoder('gbk').decode(Uint8Array.from(bytes)).replace(FILLED_EMPTY_CELLS, '');
}

/** Han, kana, CJK punctuation and full-width forms: a text holding one is written in the CJK font. */
export const CJK_TEXT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Every CJK character of the Chinese texts the portal writes itself (the zh_CN locale files). */
function localeText(): string {
  const folder = join(
    dirname(createRequire(import.meta.url).resolve('@solar/contract/package.json')),
    'locales/zh_CN',
  );
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => [...readFileSync(join(folder, file), 'utf8')])
    .filter((char) => CJK_TEXT.test(char))
    .join('');
}

/**
 * The characters the PDF's CJK font must hold: printable ASCII, CJK punctuation, full-width
 * forms, GB 2312 and every Chinese text of the portal's own. A rarer character in a plant name
 * prints as the font's empty box; docs/product.md ("Exports") says so.
 */
export function cjkCoverage(): string {
  const codePoints = new Set<number>([...range(0x20, 0x7e), ...range(0x3000, 0x303f)]);
  for (const point of range(0xff01, 0xff5e)) codePoints.add(point);
  for (const char of gb2312() + localeText()) codePoints.add(char.codePointAt(0)!);
  return String.fromCodePoint(
    ...[...codePoints].filter((point) => point >= 0x20).sort((a, b) => a - b),
  );
}
