import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { acknowledgeVersionDialog, assert, assertEqual, screenshot } from '../browser.js';
import { DEMO_PASSWORD } from '../seed-accounts.js';
import { test } from '../fixtures.js';

/** A call with the signed-in page's own token, as the web client makes it. */
async function callAs<T = { id: number } | null>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string };
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${user.access_token ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as { code: number; data: unknown };
    },
    { method, path, body, headers },
  ) as Promise<{ code: number; data: T }>;
}

/**
 * Signs in while a notice is published: the notice dialog and the release-notes dialog both
 * open, so the notice's Confirm is pressed directly, whichever dialog lies on top.
 */
async function signInSeeingNotice(page: Page, baseUrl: string, email: string, text: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await dismissNotice(page, text);
  await acknowledgeVersionDialog(page);
}

/** The shell's notice dialog shows the published notice with its suggestion; Confirm closes it. */
async function dismissNotice(page: Page, text: string) {
  const notice = page.getByRole('dialog').filter({ hasText: text });
  await notice.waitFor({ timeout: 20_000 });
  await notice.getByText('Save your work').waitFor();
  await notice.getByRole('button', { name: 'Confirm' }).dispatchEvent('click');
  await notice.waitFor({ state: 'hidden' });
}

test('the platform administrator creates a company, publishes a notice and marks the viewer read-only', async ({
  newContext,
  baseUrl,
  signedInPage,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const companyName = `E2E Company ${suffix}`;
  const firstAdmin = `e2e-admin-${suffix}@example.com`;
  const noticeText = `Planned maintenance ${suffix}`;

  const admin = await signedInPage('admin@example.com');
  let noticeId: number | null = null;
  let viewerId: number | null = null;
  let demoCompanyId: number | null = null;
  try {
    // 1. A company and its first administrator, who signs in to an empty company.
    await admin.goto(`${baseUrl}/management/companies`);
    await admin.getByRole('button', { name: 'Add company' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Company name').fill(companyName);
    await dialog.getByLabel('Administrator e-mail').fill(firstAdmin);
    await dialog.getByLabel('Administrator nickname').fill('First admin');
    await dialog.getByLabel('Administrator password').fill('Solar2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('cell', { name: companyName }).waitFor();

    const newcomer = await signedInPage(firstAdmin);
    await newcomer.goto(`${baseUrl}/plants`);
    await newcomer.locator('.ant-empty:visible').first().waitFor();
    await newcomer.goto(`${baseUrl}/enterprise/user`);
    await newcomer.getByRole('cell', { name: firstAdmin }).waitFor();
    assertEqual(await newcomer.locator('.ant-table-row').count(), 1, 'members of the new company');

    // 2. A notice in effect now, published from the notices page, shows in the installer's shell.
    const now = Date.now();
    const created = await callAs(admin, 'POST', '/api/v1/notice', {
      type: 0,
      scope: '0',
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 3_600_000).toISOString(),
      effectiveTime: new Date(now - 60_000).toISOString(),
      zhDesc: `计划维护 ${suffix}`,
      enDesc: noticeText,
      zhDuration: '1小时',
      enDuration: '1 hour',
      suggests: [{ zhSuggest: '请保存工作', enSuggest: 'Save your work' }],
    });
    assertEqual(created.code, 0, 'notice created');
    noticeId = created.data?.id ?? null;
    await admin.goto(`${baseUrl}/management/notices`);
    const row = admin.getByRole('row').filter({ hasText: noticeText });
    await row.getByRole('button', { name: 'Publish' }).click();
    await admin.getByRole('button', { name: 'OK' }).click();
    await row.getByText('Publishing').waitFor();

    const installer = await (await newContext()).newPage();
    await signInSeeingNotice(installer, baseUrl, 'installer@example.com', noticeText);

    // 3. The viewer, marked read-only in the demo company's context, loses personal settings.
    const choices = await callAs<{ id: number; name: string }[]>(
      admin,
      'GET',
      '/api/v1/companies/choices',
    );
    demoCompanyId = choices.data.find((c) => c.name === 'Demo Solar Installers')?.id ?? null;
    const found = await callAs<{ infos: { id: number }[] }>(
      admin,
      'GET',
      '/api/v1/company/users?search=viewer%40example.com',
      undefined,
      { 'X-Company': String(demoCompanyId) },
    );
    viewerId = found.data.infos[0]?.id ?? null;
    await admin.goto(`${baseUrl}/enterprise/user`);
    await dismissNotice(admin, noticeText);
    await admin.getByRole('combobox', { name: 'Company' }).click();
    await admin.getByTitle('Demo Solar Installers').click();
    const viewerRow = admin.getByRole('row').filter({ hasText: 'viewer@example.com' });
    await viewerRow.getByRole('switch', { name: 'Read-only' }).click();
    await viewerRow.locator('[role=switch][aria-label="Read-only"][aria-checked=true]').waitFor();

    const viewer = await (await newContext()).newPage();
    await signInSeeingNotice(viewer, baseUrl, 'viewer@example.com', noticeText);
    await viewer.getByTestId('user-menu').click();
    await viewer.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    assertEqual(
      await viewer.getByRole('menuitem', { name: 'Personal settings' }).count(),
      0,
      'personal settings of a read-only account',
    );
  } finally {
    // The specs share one server: later specs must see no notice and a writable viewer.
    if (noticeId !== null) await callAs(admin, 'POST', `/api/v1/notice/${noticeId}/invalidate`);
    if (viewerId !== null && demoCompanyId !== null) {
      await callAs(
        admin,
        'POST',
        `/api/v1/company/user/${viewerId}/readOnly`,
        { readOnly: 'false' },
        { 'X-Company': String(demoCompanyId) },
      );
    }
  }
});

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

test('the platform administrator publishes a version that the shell reads, then deletes it', async ({
  baseUrl,
  signedInPage,
}) => {
  const version = `99.${Math.floor(Math.random() * 9000) + 1000}.0`;
  const admin = await signedInPage('admin@example.com');
  const latest = async () =>
    (await callAs<{ version: string } | null>(admin, 'GET', '/api/v1/version/latest')).data;
  const before = await latest();

  await admin.goto(`${baseUrl}/management/versions`);
  await admin.getByRole('button', { name: 'Publish version' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Version').fill(version);
  await dialog.getByLabel('English').fill(`Faster charts ${version}`);
  await dialog.getByLabel('Deutsch').fill(`Schnellere Diagramme ${version}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = admin.getByRole('row').filter({ hasText: version });
  await row.getByText(`Faster charts ${version}`).waitFor();
  try {
    // The shell learns of the new latest version and shows its notes in the version dialog.
    // By name: the closing publish dialog still holds the same notes while it fades out.
    const versionDialog = admin
      .getByRole('dialog', { name: /new in/ })
      .filter({ hasText: `Faster charts ${version}` });
    await versionDialog.waitFor({ timeout: 20_000 });
    await screenshot(admin, 'versions-management');
    await acknowledgeVersionDialog(admin);
    assertEqual(await latest(), { version }, 'the published version is the latest');
    const notes = await callAs<{ content: string }>(
      admin,
      'GET',
      `/api/v1/version/notes?lan=de&version=${version}`,
    );
    assertEqual(notes.data.content, `Schnellere Diagramme ${version}`, 'German release notes');
  } finally {
    await acknowledgeVersionDialog(admin);
    await row.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('button', { name: 'OK' }).click();
    await row.waitFor({ state: 'detached' });
  }
  assertEqual(await latest(), before, 'the previous version is the latest again');
});
