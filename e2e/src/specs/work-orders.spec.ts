import { expect } from '@playwright/test';
import { screenshot } from '../browser.js';
import { ALARM_CODE, installerAlarmSite } from '../alarm-site.js';
import { test } from '../fixtures.js';
import { accessTokenOf, getData } from '../portal-api.js';

interface Kpis {
  meanMinutesToRepair: number | null;
  done: number;
}

test('an alarm becomes a work order that is assigned, commented and closed, and the KPI moves', async ({
  baseUrl,
  signedInPage,
}) => {
  test.setTimeout(240_000);
  const site = await installerAlarmSite(baseUrl);
  const token = await accessTokenOf(baseUrl, 'installer@example.com');
  const before = await getData<Kpis>(baseUrl, token, '/api/v1/work-orders/kpis');

  const page = await signedInPage('installer@example.com');
  await page.goto('/device/event');
  await page.getByRole('searchbox', { name: 'SN or code' }).fill(site.inverterSn);
  await page.getByRole('searchbox', { name: 'SN or code' }).press('Enter');
  const alarm = page.getByRole('row').filter({ hasText: site.inverterSn });
  await expect(alarm).toContainText(ALARM_CODE, { timeout: 20_000 });
  await alarm.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create work order' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Title')).not.toHaveValue('');
  await dialog.getByLabel('Priority').click();
  await page.getByTitle(/^P1 · Critical/).click();
  await screenshot(page, 'work-order-from-alarm');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/work-orders\/\d+$/, { timeout: 20_000 });
  await expect(page.getByText(site.inverterSn).first()).toBeVisible();

  await page.getByLabel('Assign').fill('Installer');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unassigned')).toHaveCount(0);

  await page.getByRole('button', { name: 'Start work' }).click();
  await expect(page.getByText('In progress').first()).toBeVisible();
  await page.getByLabel('Comment').fill('Fan replaced, inverter running again.');
  await page.getByLabel('Minutes spent').fill('40');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Fan replaced, inverter running again.')).toBeVisible();

  await page.getByRole('button', { name: 'Close as done' }).click();
  const closing = page.getByRole('dialog');
  await closing.getByLabel('Resolution').fill('Replaced the cooling fan.');
  await expect(closing.getByRole('checkbox', { name: 'Also close its open alarms' })).toBeChecked();
  await closing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Replaced the cooling fan.')).toBeVisible();
  await expect(page.getByText('Done').first()).toBeVisible();
  await screenshot(page, 'work-order-closed');

  await page.goto('/work-orders');
  await expect(page.getByTestId('kpi-done')).toContainText(String(before.done + 1));
  await expect(page.getByTestId('kpi-mttr')).not.toContainText('–');
  const after = await getData<Kpis>(baseUrl, token, '/api/v1/work-orders/kpis');
  expect(after.done).toBe(before.done + 1);
  expect(after.meanMinutesToRepair).not.toBeNull();
  const events = await getData<{ infos: { endTime: string | null }[] }>(
    baseUrl,
    token,
    `/api/v1/events?keyword=${site.inverterSn}`,
  );
  expect(events.infos.every((event) => event.endTime !== null)).toBe(true);
});
