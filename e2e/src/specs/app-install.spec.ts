import { expect, type Page } from '@playwright/test';
import { assert, assertEqual, screenshot, signIn } from '../browser.js';
import { type SpecContext, test } from '../fixtures.js';
import { startOwnerLivePlant } from '../live-dataloggers.js';
import { accessTokenOf, getData } from '../portal-api.js';

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

/** The accounts whose last known state IndexedDB holds (`offline-state:<user id>` keys). */
function offlineStateKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const keys = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      }),
  );
}

/** When the account's last known state was saved (0 while there is none). */
function offlineStateSavedAt(page: Page, key: string): Promise<number> {
  return page.evaluate(
    (stateKey) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get(stateKey);
          read.onsuccess = () =>
            resolve((read.result as { savedAt?: number } | undefined)?.savedAt ?? 0);
        };
      }),
    key,
  );
}

test('the portal installs as an app and keeps the last known state offline, per account', async ({
  baseUrl,
  signedInPage,
}) => {
  // Without the server's demo data (an external database) the owner gets a plant of the spec's.
  const live = await startOwnerLivePlant();
  try {
    await installAndGoOffline(baseUrl, signedInPage);
  } finally {
    await live.dataloggers?.stop();
  }
});

async function installAndGoOffline(baseUrl: string, signedInPage: SpecContext['signedInPage']) {
  const token = await accessTokenOf(baseUrl, 'owner@example.com');
  const owner = await getData<{ userid: { id: number } }>(baseUrl, token, '/api/v1/user');
  const plants = await getData<{ infos: { id: number; name: string }[] }>(
    baseUrl,
    token,
    '/api/v1/plants?page=1&size=1',
  );
  const plant = plants.infos[0]!;
  const page = await signedInPage('owner@example.com');

  // Installability: the manifest's fields and icons, a service worker controlling the page.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (
    await page.request.get(new URL(manifestHref!, baseUrl).href)
  ).json()) as Manifest;
  assertEqual(
    [manifest.name, manifest.start_url, manifest.display],
    ['Solar portal', '/', 'standalone'],
    'manifest name, start_url and display',
  );
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
    assert(icon, `a ${size} PNG icon in the manifest`);
    const served = await page.request.get(new URL(icon.src, baseUrl).href);
    assertEqual(served.headers()['content-type'], 'image/png', `${size} icon served as PNG`);
  }
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // The overview, then the same page reloaded without network: the same figures, labelled.
  await page.goto(`${baseUrl}/plants/overview/${plant.id}`);
  const figures = page.getByTestId('key-figures');
  await figures.waitFor();
  await page.getByText(plant.name).first().waitFor();
  const onlineFigures = await figures.innerText();
  // A snapshot saved after the figures were shown holds them (an older one may not).
  const shownAt = Date.now();
  await expect
    .poll(() => offlineStateSavedAt(page, `offline-state:${owner.userid.id}`), { timeout: 20_000 })
    .toBeGreaterThan(shownAt);
  await page.context().setOffline(true);
  await page.reload();
  await page.getByText(/^As of .+, offline$/).waitFor();
  assertEqual(await figures.innerText(), onlineFigures, 'the key figures offline');
  await screenshot(page, 'app-install-offline-overview');
  await page.context().setOffline(false);

  // Online again, the restored answers are fetched anew: the permission tree, which a page
  // otherwise never refetches, comes from the server and not from last week's snapshot.
  await Promise.all([
    page.waitForResponse((response) => response.url().includes('/api/v1/permission')),
    page.reload(),
  ]);

  // Sign-out deletes the state; the next account signed in on this browser finds none of it.
  await page.getByTestId('user-menu').click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('menuitem', { name: 'Sign out' }).click(),
  ]);
  await page.waitForURL('**/login');
  assertEqual(await offlineStateKeys(page), [], 'offline state after sign-out');
  await signIn(page, baseUrl, 'viewer@example.com');
  await page.context().setOffline(true);
  await page.goto(`${baseUrl}/plants/overview/${plant.id}`).catch(() => null);
  await page.getByText('Offline: nothing of this page was kept on this device').waitFor();
  assert(
    !(await offlineStateKeys(page)).includes(`offline-state:${owner.userid.id}`),
    "no state of the first account's",
  );
  assertEqual(await figures.count(), 0, "the first account's key figures offline");
  await page.context().setOffline(false);
}
