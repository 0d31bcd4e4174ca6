import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { assert, DEMO_PASSWORD, signIn } from '../browser.js';
import { test } from '../fixtures.js';
import { accessTokenOf, getData, postForm } from '../portal-api.js';

/**
 * Both second factors in a real browser: a passkey made by Chromium's virtual authenticator
 * (DevTools' WebAuthn domain) and an authenticator app whose codes the spec computes from the
 * key the settings page shows. Each test signs up a fresh staff member of the installer's
 * company: the demo accounts keep signing in with their password alone.
 */

/** A new member of the installer's company with the demo password. */
async function freshAccount(baseUrl: string, label: string): Promise<string> {
  const installer = await accessTokenOf(baseUrl, 'installer@example.com');
  const roles = await getData<{ infos: { id: number }[] }>(
    baseUrl,
    installer,
    '/api/v1/company/roles?page=1&size=20',
  );
  const role = roles.infos[0];
  assert(role, 'the installer company has a role');
  const email = `${label}-${Date.now()}@example.com`;
  await postForm(baseUrl, installer, '/api/v1/company/user', {
    email,
    nickname: label,
    password: DEMO_PASSWORD,
    roleId: String(role.id),
  });
  return email;
}

/**
 * The server's address under the host name `localhost`: a passkey's relying party is a domain,
 * never an IP address, so Chromium refuses WebAuthn on `http://127.0.0.1:…`.
 */
const byHostName = (baseUrl: string) => baseUrl.replace('//127.0.0.1:', '//localhost:');

/** The settings card of the second factors, on the personal settings' password tab. */
async function twoStepCard(page: Page, site: string) {
  await page.goto(`${site}/edit`);
  await page.getByRole('tab', { name: 'Password' }).click();
  return page.getByRole('region', { name: 'Two-step verification' });
}

/** Drops the session (not the browser's authenticator) and fills in the password again. */
async function signInAgain(page: Page, site: string, email: string): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('user'));
  await page.goto(`${site}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Two-step verification')).toBeVisible();
}

const signedInShell = (page: Page) =>
  page.waitForSelector('.side-menu, .shell-content', { timeout: 20_000 });

test('a passkey of a virtual authenticator is registered in the settings and signs in', async ({
  baseUrl,
  newContext,
}) => {
  const email = await freshAccount(baseUrl, 'passkey');
  const page = await (await newContext()).newPage();
  const devTools = await page.context().newCDPSession(page);
  await devTools.send('WebAuthn.enable');
  const { authenticatorId } = await devTools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const site = byHostName(baseUrl);
  await signIn(page, site, email);
  const card = await twoStepCard(page, site);
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await card.getByLabel('Name').fill('Chromium');
  await card.getByRole('button', { name: 'Create passkey' }).click();
  const passkeys = card.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('Chromium')).toBeVisible();
  await expect(passkeys.getByText(/last used never/)).toBeVisible();
  const { credentials } = await devTools.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await signInAgain(page, site, email);
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await signedInShell(page);
  const used = await devTools.send('WebAuthn.getCredentials', { authenticatorId });
  expect(used.credentials[0]?.signCount).toBeGreaterThan(0);

  const cardAfter = await twoStepCard(page, site);
  await expect(cardAfter.getByText(/last used never/)).toHaveCount(0);
  await cardAfter.getByRole('button', { name: 'Remove Chromium' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(cardAfter.getByText('No passkeys yet')).toBeVisible();
});

test('an authenticator app is set up from the key on the page and its code signs in', async ({
  baseUrl,
  newContext,
}) => {
  const email = await freshAccount(baseUrl, 'totp');
  const page = await (await newContext()).newPage();
  await signIn(page, baseUrl, email);
  const card = await twoStepCard(page, baseUrl);
  await card.getByRole('button', { name: 'Set up' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.locator('code').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await card.getByLabel('Code from the app').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('list', { name: 'Your recovery codes' })).toBeVisible();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('On: signing in asks for a code')).toBeVisible();

  await signInAgain(page, baseUrl, email);
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
  // The enabling code's 30-second step is spent: the next step's code is within the tolerance.
  const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByLabel('Authentication code').fill(nextCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedInShell(page);
});
