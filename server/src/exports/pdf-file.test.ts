import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Cell } from './export-tables.js';
import { pdfFile } from './pdf-file.js';

async function* rowsOf(rows: Cell[][]) {
  yield* rows;
}

/** The names of the fonts a PDF embeds (subset prefixes dropped). */
async function embeddedFonts(file: NodeJS.ReadableStream): Promise<string[]> {
  const text = (await buffer(file)).toString('latin1');
  const names = [...text.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]!);
  return [...new Set(names)].sort();
}

describe('report PDF fonts', () => {
  it('writes Chinese text in Noto Sans SC and the rest in DejaVu Sans', async () => {
    const file = pdfFile(
      '报表',
      ['电站', '发电量 (kWh)'],
      rowsOf([
        ['北京屋顶', { value: 1234.5, unit: 'kWh' }],
        ['Berlin roof', { value: 12.25, unit: 'CNY' }],
      ]),
      'zh_CN',
    );
    expect(await embeddedFonts(file)).toEqual([
      'DejaVuSans',
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
    ]);
  });

  it('never embeds the CJK font in a report without CJK text', async () => {
    const file = pdfFile(
      'Report',
      ['Plant', 'Energy (kWh)'],
      rowsOf([['Berlin roof', { value: 1234.5, unit: 'kWh' }]]),
      'de',
    );
    expect(await embeddedFonts(file)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});
