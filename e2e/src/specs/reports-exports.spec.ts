import * as XLSX from '@e965/xlsx';
import { readFile } from 'node:fs/promises';
import { assert, screenshot } from '../browser.js';
import { test } from '../fixtures.js';

/** The export job runs in the server's worker; the page asks for progress every 2 s. */
const EXPORT_TIMEOUT_MS = 60_000;

test('the installer starts an export, leaves the page, is told it is ready and downloads it from the records', async ({
  baseUrl,
  signedInPage,
}) => {
  const page = await signedInPage('installer@example.com');
  await page.goto(`${baseUrl}/plants`);
  await page.getByRole('button', { name: 'Export' }).hover();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  await page.getByText('The export has started').waitFor();

  // Leaves the page inside the app (a reload would end the app and its watch of the export).
  await page.getByRole('menuitem', { name: /Devices/ }).click();
  await page.getByRole('link', { name: 'Events' }).click();
  await page.waitForURL(/\/device\/event$/);
  await page.getByText('Export ready').waitFor({ timeout: EXPORT_TIMEOUT_MS });
  await screenshot(page, 'export-ready');

  await page.goto(`${baseUrl}/downloads`);
  const row = page
    .getByRole('row')
    .filter({ hasText: /plants-.*\.xlsx/ })
    .first();
  await row.getByText('Ready').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert(download.suggestedFilename().endsWith('.xlsx'), 'the file is an XLSX workbook');
  const workbook = XLSX.read(await readFile(await download.path()));
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  assert(sheet, 'the workbook has a sheet');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
  assert(rows[0]?.[0] === 'Plant', 'headers in the user’s language');
  assert(rows.length >= 2, 'one row per plant of the installer');
});
