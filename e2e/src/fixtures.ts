import {
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  test as base,
} from '@playwright/test';
import { getData, sessionTokensOf } from './portal-api.js';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

interface ContextOptions {
  width?: number;
  height?: number;
  /** What the browser has stored for the server already (a session). */
  storageState?: StorageState;
}

export interface SpecContext {
  /** The server under test (global-setup.ts). */
  baseUrl: string;
  /** A fresh, English, desktop-sized context; closed after the spec at the latest. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /**
   * A page of a fresh context (as `newContext`) signed in as `email`, on the shell's start page,
   * with the latest release notes read. The sign-in form and the release-notes dialog have specs
   * of their own (accessibility, sign-in-split, version-dialog): here the session is made
   * through the API and stored as the form stores it, sparing a page load and a dialog per page.
   */
  signedInPage(email: string, options?: Omit<ContextOptions, 'storageState'>): Promise<Page>;
}

/** The storage the web app keeps after `email` signed in and acknowledged the latest version. */
async function signedInStorage(baseUrl: string, email: string): Promise<StorageState> {
  const tokens = await sessionTokensOf(baseUrl, email);
  const latest = await getData<{ version: string } | null>(
    baseUrl,
    tokens.access_token,
    '/api/v1/version/latest',
  );
  const user = { access_token: tokens.access_token, refresh_token: tokens.refresh_token };
  const localStorage = [
    { name: 'user', value: JSON.stringify(user) },
    ...(latest ? [{ name: 'version', value: latest.version }] : []),
  ];
  return { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage }] };
}

export const test = base.extend<SpecContext>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
  baseUrl: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error('E2E_BASE_URL is not set: run the specs through playwright test');
    await use(baseUrl);
  },
  newContext: async ({ browser, baseUrl }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ width = 1366, height = 900, storageState } = {}) => {
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'en-US',
        baseURL: baseUrl,
        ...(storageState ? { storageState } : {}),
      });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  signedInPage: async ({ newContext, baseUrl }, use) => {
    await use(async (email, options) => {
      const storageState = await signedInStorage(baseUrl, email);
      const page = await (await newContext({ ...options, storageState })).newPage();
      await page.goto('/');
      await page.waitForSelector('.side-menu, .shell-content', { timeout: 20_000 });
      return page;
    });
  },
});
