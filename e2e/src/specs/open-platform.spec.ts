import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { screenshot } from '../browser.js';
import { test } from '../fixtures.js';

/**
 * The open platform as an installer meets it: an API key made in the personal settings reads
 * the plants and may not write; a webhook made there gets a test event that a Standard Webhooks
 * library (not ours) verifies, and the delivery log shows it delivered. The receiver listens on
 * loopback, which the test server allows (`WEBHOOKS_ALLOW_PRIVATE_NETWORKS`, e2e/src/server.ts).
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/solar`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto('/edit');
  await page.getByRole('tab', { name: tab }).click();
}

async function createReadKey(page: Page): Promise<string> {
  await openSettingsTab(page, 'API keys');
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create key' });
  await form.getByLabel('Name').fill(`E2E read key ${Date.now()}`);
  await form.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  const shown = dialog.getByLabel('Your new API key');
  await expect(shown).toContainText('solar_');
  await screenshot(page, 'api-key-created');
  const key = /solar_[0-9A-Za-z]+/.exec((await shown.textContent()) ?? '')?.[0];
  if (!key) throw new Error('no key in the dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  return key;
}

test('an API key reads and may not write; a webhook test event arrives signed and is logged', async ({
  baseUrl,
  signedInPage,
  playwright,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage('installer@example.com');
  const key = await createReadKey(page);

  const api = await playwright.request.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  const plants = await (await api.get('/api/v1/plants?page=1&size=10')).json();
  expect(plants.code).toBe(0);
  expect(plants.data.total).toBeGreaterThan(0);
  const write = await (
    await api.post('/api/v1/plant', { data: { name: 'Not with a read key' } })
  ).json();
  expect(write.code).toBe(2);
  await api.dispose();

  const receiver = await startReceiver();
  try {
    await openSettingsTab(page, 'Webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByRole('checkbox', { name: /^event\.opened/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const shownSecret = secretDialog.getByLabel('Signing secret');
    await expect(shownSecret).toContainText('whsec_');
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec((await shownSecret.textContent()) ?? '')?.[0];
    if (!secret) throw new Error('no secret in the dialog');
    await secretDialog.getByRole('button', { name: 'Confirm' }).click();

    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await row.getByRole('button', { name: 'Send test event' }).click();
    // The demo's plants raise real alarms too: every delivery is verified, the test one awaited.
    const verify = (delivery: Received) =>
      new Webhook(secret).verify(delivery.body, delivery.headers as never) as { type: string };
    const testDelivery = () =>
      receiver.received.find((delivery) => verify(delivery).type === 'webhook.test');
    await expect.poll(() => testDelivery() !== undefined, { timeout: 30_000 }).toBe(true);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(
        testDelivery()!.body,
        testDelivery()!.headers as never,
      ),
    ).toThrow();

    await row.getByRole('button', { name: 'Delivery log' }).click();
    const logged = page
      .getByRole('dialog', { name: 'Delivery log' })
      .getByRole('row')
      .filter({ hasText: 'webhook.test' });
    await expect(logged).toContainText('Delivered', { timeout: 15_000 });
    await expect(logged).toContainText('204');
    await screenshot(page, 'webhook-delivery-log');
  } finally {
    await receiver.close();
  }
});
