import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { assert, assertEqual, screenshot } from '../browser.js';
import { test } from '../fixtures.js';
import { callAs } from '../portal-api.js';

/**
 * The platform administrator's dictionaries: what they add is new to every other spec (a type
 * of its own, a currency no plant uses), so these run beside them, not after them as
 * platform-admin.spec.ts does.
 */

/** The export job runs in the server's worker; the page asks for progress every 2 s. */
const EXPORT_TIMEOUT_MS = 60_000;

test('the platform administrator keeps a dictionary that pages read, and exports the audit log', async ({
  baseUrl,
  signedInPage,
}) => {
  const type = `e2eType${randomUUID().slice(0, 6)}`;
  const admin = await signedInPage('admin@example.com');
  const options = async () =>
    (
      await callAs<{ code: string; name: string }[]>(
        admin,
        'GET',
        `/api/v1/dict/entries?type=${type}&lan=de`,
      )
    ).data;

  // 1. An entry with its German text, which the pages then read in German.
  await admin.goto(`${baseUrl}/management/dictionaries`);
  await admin.getByRole('button', { name: 'Add entry' }).click();
  let dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Type').fill(type);
  await dialog.getByLabel('Code').fill('meter');
  await dialog.getByLabel('English').fill(`Meter (${type})`);
  await dialog.getByLabel('Deutsch').fill('Zähler');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // The built-in dictionaries fill many pages: the list is searched for the new entry's text.
  const search = admin.getByRole('searchbox', { name: 'Search code or text' });
  await search.fill(type);
  await search.press('Enter');
  const row = admin.getByRole('row').filter({ hasText: type });
  await row.getByText('Enabled').waitFor();
  assertEqual(await options(), [{ code: 'meter', name: 'Zähler' }], 'options of the new type');

  // 2. The same code again is refused under the field before Save.
  await admin.getByRole('button', { name: 'Add entry' }).click();
  dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Type').fill(type);
  await dialog.getByLabel('Code').fill('meter');
  await dialog.getByLabel('English').focus();
  await dialog.getByText('This code exists in the type already').waitFor();
  await screenshot(admin, 'dictionary-code-exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // 3. Disabled, the entry leaves the pages' lists.
  await row.getByRole('button', { name: 'Disable' }).click();
  await admin.getByRole('button', { name: 'OK' }).click();
  await row.getByText('Disabled').waitFor();
  assertEqual(await options(), [], 'options once the entry is disabled');

  // 4. The audit log, exported as CSV, holds both changes.
  await admin.goto(`${baseUrl}/management/audit`);
  await admin.getByRole('button', { name: 'Export' }).hover();
  await admin.getByRole('menuitem', { name: 'CSV' }).click();
  await admin.getByText('Export ready').waitFor({ timeout: EXPORT_TIMEOUT_MS });
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  assert(download.suggestedFilename().endsWith('.csv'), 'the file is a CSV');
  const csv = await readFile(await download.path(), 'utf8');
  assert(
    csv.includes(`dictionary.created`) && csv.includes(`${type}/meter`),
    'entry added in the file',
  );
  assert(csv.includes('dictionary.disabled'), 'entry disabled in the file');
});

test('the platform administrator adds a currency beyond the built-in ones, and the plant form offers it', async ({
  baseUrl,
  signedInPage,
}) => {
  const admin = await signedInPage('admin@example.com');
  const held = await callAs<{ infos: { code: string }[] }>(
    admin,
    'GET',
    '/api/v1/management/dictionaries?type=currency&size=200',
  );
  // A database kept from an earlier run holds the codes it added: the first one still free.
  const taken = new Set(held.data.infos.map((entry) => entry.code));
  const code = Intl.supportedValuesOf('currency').find((candidate) => !taken.has(candidate));
  assert(code, 'a currency the dictionary lacks');

  await admin.goto(`${baseUrl}/management/dictionaries`);
  await admin.getByRole('button', { name: 'Add entry' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Type').fill('currency');
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('English').fill(`E2E money ${code}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });

  const installer = await signedInPage('installer@example.com');
  await installer.goto(`${baseUrl}/plant-add`);
  const currency = installer.getByLabel('Currency');
  await currency.click();
  await currency.fill(code);
  const option = installer
    .locator('.ant-select-item-option')
    .filter({ hasText: `E2E money ${code}` });
  await option.waitFor();
  assert((await option.textContent())?.startsWith(`${code} · `), 'the option leads with the code');
  await screenshot(installer, 'plant-form-added-currency');
});
