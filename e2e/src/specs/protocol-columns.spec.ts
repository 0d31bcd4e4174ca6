import { expect } from '@playwright/test';
import { screenshot } from '../browser.js';
import { test } from '../fixtures.js';
import { accessTokenOf, postJson } from '../portal-api.js';

/**
 * The platform administrator keeps a device protocol's columns: the protocol's row expands
 * into its columns, and a column is edited in its dialog and shown changed.
 */
test('the administrator edits a device protocol’s column', async ({ baseUrl, signedInPage }) => {
  const stamp = String(Date.now() % 1_000_000);
  const admin = await accessTokenOf(baseUrl, 'admin@example.com');
  const protocol = await postJson<{ id: number }>(baseUrl, admin, '/api/v1/management/protocols', {
    name: `E2E Modbus ${stamp}`,
    version: '1.0',
    transport: 'mqtt',
    description: '',
  });
  await postJson(baseUrl, admin, `/api/v1/management/protocols/${protocol.id}/columns`, {
    key: '40001',
    name: 'PV1 voltage',
    unit: 'V',
    scale: 0.1,
    valueType: 'uint16',
    sortOrder: 0,
  });

  const page = await signedInPage('admin@example.com');
  await page.goto('/management/protocols');
  await page.getByRole('searchbox').first().fill(`E2E Modbus ${stamp}`);
  const row = page.getByRole('row', { name: new RegExp(`E2E Modbus ${stamp}`) });
  await row.getByRole('button', { name: /expand/i }).click();
  const columnRow = page.getByRole('row', { name: /^40001 PV1 voltage/ });
  await columnRow.getByRole('button', { name: 'Edit column' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('PV1 input voltage');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'PV1 input voltage', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'PV1 voltage', exact: true })).toHaveCount(0);
  await screenshot(page, 'protocol-column-edited');
});
