import * as XLSX from '@e965/xlsx';
import { screenshot } from '../browser.js';
import { test } from '../fixtures.js';
import { accessTokenOf, postJson } from '../portal-api.js';

/** The platform administrator stands for the factory: registering SNs puts them in the stock. */
async function registerFactoryStock(
  baseUrl: string,
  dataloggers: readonly { sn: string; key: string }[],
): Promise<void> {
  const token = await accessTokenOf(baseUrl, 'admin@example.com');
  for (const datalogger of dataloggers)
    await postJson(baseUrl, token, '/api/v1/gateway', datalogger);
}

function spreadsheet(rows: string[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([['SN', 'Key', 'Alias', 'Area code'], ...rows]);
  XLSX.utils.book_append_sheet(workbook, sheet, 'Dataloggers');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test('the installer imports a spreadsheet of dataloggers and sees each row’s result and the new rows', async ({
  baseUrl,
  signedInPage,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const good = [
    { sn: `E2EIMP${run}A`, key: 'IMPKEY01' },
    { sn: `E2EIMP${run}B`, key: 'IMPKEY02' },
  ];
  const wrongKey = { sn: `E2EIMP${run}C`, key: 'IMPKEY03' };
  await registerFactoryStock(baseUrl, [...good, wrongKey]);
  const file = spreadsheet([
    [good[0]!.sn, good[0]!.key, 'Import roof', 'Europe'],
    [good[1]!.sn, good[1]!.key, '', ''],
    [wrongKey.sn, 'WRONGKEY9', '', ''],
    [`E2EIMP${run}X`, 'IMPKEY09', '', ''],
    [good[0]!.sn, good[0]!.key, '', ''],
  ]);

  const page = await signedInPage('installer@example.com');
  await page.goto(`${baseUrl}/device/gateway/list`);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import dataloggers' });
  await dialog.getByRole('link', { name: /Download template/ }).waitFor();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'dataloggers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await dialog.getByText('2 imported, 3 not imported').waitFor({ timeout: 20_000 });
  const rowOf = (row: string) =>
    dialog.locator('tr', { has: page.getByRole('cell', { name: row, exact: true }) });
  const codeOfRow = (row: string) => rowOf(row).locator('[data-code]');
  for (const [row, code] of [
    ['2', '0'],
    ['3', '0'],
    ['4', '300'],
    ['5', '305'],
    ['6', '301'],
  ] as const) {
    const actual = await codeOfRow(row).getAttribute('data-code');
    if (actual !== code) throw new Error(`row ${row}: code ${actual}, expected ${code}`);
  }
  // The row's text is the catalogue text of its code in the page's language.
  await rowOf('6').getByText('Datalogger already used').waitFor();
  await screenshot(page, 'gateway-import-result');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('searchbox', { name: 'Search SN or alias' }).fill(`E2EIMP${run}`);
  await page.getByRole('searchbox', { name: 'Search SN or alias' }).press('Enter');
  for (const datalogger of good) {
    await page.locator('.ant-table-row', { hasText: datalogger.sn }).waitFor();
  }
  await page.locator('.ant-table-row', { hasText: 'Import roof' }).waitFor();
  const rows = await page.locator('.ant-table-row').count();
  if (rows !== 2) throw new Error(`the list shows ${rows} imported rows, expected 2`);
  await screenshot(page, 'gateway-import-list');
});
