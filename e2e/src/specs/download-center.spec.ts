import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { assert, assertEqual, screenshot } from '../browser.js';
import { test } from '../fixtures.js';

test('the platform administrator publishes a file, the public download centre finds and serves it, until it is withdrawn', async ({
  newContext,
  baseUrl,
  signedInPage,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const title = `Installation guide ${suffix}`;
  const fileName = `install-guide-${suffix}.txt`;
  const bytes = Buffer.from(
    `Solar portal installation guide ${suffix}\nÜbersicht · 概述\n`,
    'utf8',
  );

  const admin = await signedInPage('admin@example.com');
  await admin.goto(`${baseUrl}/management/downloads`);
  await admin.getByRole('button', { name: 'Publish a file' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Version').fill('2.1');
  await dialog.locator('input[type=file]').setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: bytes,
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await admin.getByRole('link', { name: title }).waitFor();

  // A visitor without an account searches the public page and downloads the file.
  const visitor = await (await newContext()).newPage();
  await visitor.goto(`${baseUrl}/download-center`);
  await visitor.getByRole('searchbox', { name: 'Search by title or file name' }).fill(suffix);
  await visitor.keyboard.press('Enter');
  const link = visitor.getByRole('link', { name: title });
  await link.waitFor();
  const row = visitor.getByRole('row').filter({ has: link });
  await row.getByRole('cell', { name: '2.1', exact: true }).waitFor();
  await row.getByRole('cell', { name: 'Manuals' }).waitFor();
  const [download] = await Promise.all([visitor.waitForEvent('download'), link.click()]);
  assertEqual(download.suggestedFilename(), fileName, 'downloaded file name');
  const saved = await download.path();
  assert(saved, 'the download was saved');
  assert((await readFile(saved)).equals(bytes), 'the downloaded bytes are the published ones');
  const href = await link.getAttribute('href');
  assert(href, 'download link address');
  await screenshot(visitor, 'download-center-public');

  // Withdrawn, the file is neither listed nor served any more.
  await admin
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await admin.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await admin.getByRole('link', { name: title }).waitFor({ state: 'detached' });
  // The envelope answers the catalogue's code for a file that is not there (5100), not its bytes.
  const gone = await visitor.request.get(`${baseUrl}${href}`);
  const answer = (await gone.json()) as { code: number };
  assertEqual(answer.code, 5100, 'the code a withdrawn file answers');
  await visitor.reload();
  await visitor.getByRole('searchbox', { name: 'Search by title or file name' }).fill(suffix);
  await visitor.keyboard.press('Enter');
  await visitor.locator('.ant-empty-description', { hasText: 'No data' }).first().waitFor();
  assertEqual(await visitor.getByRole('link', { name: title }).count(), 0, 'withdrawn file listed');
});
