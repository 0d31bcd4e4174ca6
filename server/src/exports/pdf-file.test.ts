import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Cell } from './table-rows.js';
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

/** A 1 × 1 PNG, the smallest logo. */
const PNG_LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('report PDF logo', () => {
  const imagesIn = async (file: NodeJS.ReadableStream) =>
    (await buffer(file)).toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
  const rows = () =>
    rowsOf([['Berlin roof', { value: 1, unit: 'kWh' }, { value: 0.8, unit: 'ratio' }]]);

  it('embeds the company logo when one is set, and no image otherwise', async () => {
    const headers = ['Plant', 'Energy (kWh)', 'Performance ratio'];
    // The picture and its alpha mask.
    expect(await imagesIn(pdfFile('Report', headers, rows(), 'en', PNG_LOGO))).toBe(2);
    expect(await imagesIn(pdfFile('Report', headers, rows(), 'en'))).toBe(0);
  });
});
