import { type CDPSession, expect, type Page } from '@playwright/test';
import { assertEqual } from '../browser.js';
import { test } from '../fixtures.js';

interface ShownNotification {
  title: string;
  body: string;
  url: string;
}

/** The id Chromium gives the page's service worker registration (DevTools' own numbering). */
function registrationIdOf(devTools: CDPSession, scopeUrl: string): Promise<string> {
  return new Promise((resolve) => {
    devTools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const own = registrations.find((registration) => registration.scopeURL === scopeUrl);
      if (own && !own.isDeleted) resolve(own.registrationId);
    });
  });
}

function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      url: (notification.data as { url: string }).url,
    }));
  });
}

/**
 * The push handler of the app's service worker, fed by Chromium's DevTools as a push service
 * would feed it: the message's texts, a plain-text message still shown, and a link that leaves
 * the app replaced by the app's start page.
 */
test("the service worker shows a push message and opens only the app's pages", async ({
  baseUrl,
  signedInPage,
}) => {
  const page = await signedInPage('owner@example.com');
  const origin = new URL(baseUrl).origin;
  await page.context().grantPermissions(['notifications'], { origin });
  await page.evaluate(() => navigator.serviceWorker.ready);
  const devTools = await page.context().newCDPSession(page);
  const registrationId = registrationIdOf(devTools, `${origin}/`);
  await devTools.send('ServiceWorker.enable');

  const deliver = async (data: string) => {
    await devTools.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data,
    });
  };
  await deliver(
    JSON.stringify({
      title: 'Fault: Plant A',
      body: 'Insulation fault',
      url: '/device/event?plantId=3',
    }),
  );
  await deliver(JSON.stringify({ title: 'Elsewhere', body: 'x', url: 'https://example.com/' }));
  await deliver('A plain text');
  // waitForFunction would take the page's promise for a truthy answer: poll from here instead.
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(3);
  const shown = await shownNotifications(page);
  assertEqual(
    shown.sort((a, b) => a.body.localeCompare(b.body)),
    [
      { title: new URL(origin).host, body: 'A plain text', url: `${origin}/` },
      {
        title: 'Fault: Plant A',
        body: 'Insulation fault',
        url: `${origin}/device/event?plantId=3`,
      },
      { title: 'Elsewhere', body: 'x', url: `${origin}/` },
    ],
    'the notifications shown',
  );
});
