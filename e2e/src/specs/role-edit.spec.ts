import type { Page } from '@playwright/test';
import { assertEqual, screenshot, topMenuLabels } from '../browser.js';
import { test } from '../fixtures.js';

async function toggleCompanyInfo(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/enterprise/roles`);
  const row = page.locator('.ant-table-row', { hasText: 'Viewer' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  const node = dialog
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText('Company information', { exact: true }) });
  await node.locator('.ant-tree-checkbox').click();
  await screenshot(page, 'role-editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('a role edited by the installer changes what the viewer sees', async ({
  baseUrl,
  signedInPage,
}) => {
  const installer = await signedInPage('installer@example.com');
  await toggleCompanyInfo(installer, baseUrl);

  const viewer = await signedInPage('viewer@example.com');
  try {
    assertEqual(
      await topMenuLabels(viewer),
      ['Dashboard', 'Plants', 'Company', 'Full screen'],
      'viewer menu after the role gained company information',
    );
    await viewer.goto(`${baseUrl}/enterprise/company`);
    await viewer.getByLabel('Company name').waitFor();
  } finally {
    // Put the role back so the other specs (and reruns on a kept database) see the demo role.
    await toggleCompanyInfo(installer, baseUrl);
    await installer.context().close();
    await viewer.context().close();
  }
});
