import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { acknowledgeVersionDialog, assertEqual, screenshot } from '../browser.js';
import { DEMO_PASSWORD } from '../seed-accounts.js';
import { test } from '../fixtures.js';
import { callAs } from '../portal-api.js';

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
