import { expect, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../browser.js';
import { test } from '../fixtures.js';

/**
 * The owner confirms a number for alarm texts with a texted code and switches the alarms on;
 * the platform administrator reads the code in the text-message outbox (no SMS gateway is
 * configured in the tests, so texts stay in the outbox and the log).
 */
const PHONE = `+49151${String(Date.now()).slice(-8)}`;

async function textedCode(admin: Page): Promise<string> {
  await admin.goto('/management/sms');
  const row = admin.getByRole('row').filter({ hasText: PHONE });
  // The outbox's first answer may take a while on a loaded machine.
  await expect(row).toContainText('Verification', { timeout: 15_000 });
  const code = /verification code is (\d{6})/.exec((await row.textContent()) ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox row of ${PHONE}`);
  await screenshot(admin, 'sms-outbox');
  return code;
}

function smsFormOf(page: Page): Locator {
  return page.locator('form').filter({ hasText: 'SMS alarms' });
}

test('the owner confirms a number with the texted code and turns SMS alarms on', async ({
  signedInPage,
}) => {
  const owner = await signedInPage('owner@example.com');
  await owner.goto('/edit');
  const smsForm = smsFormOf(owner);
  await smsForm.getByLabel('Number for alarm texts').fill(PHONE);
  await smsForm.getByRole('button', { name: 'Send code' }).click();
  await expect(owner.getByText('Code sent by text message')).toBeVisible();

  const admin = await signedInPage('admin@example.com');
  const code = await textedCode(admin);

  await smsForm.getByLabel('Verification code').fill(code);
  await smsForm.getByRole('switch', { name: 'Alarms by text message' }).click();
  await smsForm.getByRole('button', { name: 'Save' }).click();
  await expect(smsForm.getByText('Number confirmed: alarm texts go to it')).toBeVisible();

  await owner.reload();
  const alarms = smsForm.getByRole('switch', { name: 'Alarms by text message' });
  await expect(alarms).toBeChecked();
  await screenshot(owner, 'sms-alarms-on');
  // Back off, so that later alarms of the owner's plant text no one.
  await alarms.click();
  await smsForm.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText('Saved')).toBeVisible();
});
