import { type BrowserContext, type Page, test as base } from '@playwright/test';
import { signIn } from './browser.js';

export interface SpecContext {
  /** The server under test (global-setup.ts). */
  baseUrl: string;
  /** A fresh, English, desktop-sized context; closed after the spec at the latest. */
  newContext(options?: { width?: number; height?: number }): Promise<BrowserContext>;
  /** A page of a fresh context (as `newContext`), signed in through the form as `email`. */
  signedInPage(email: string, options?: { width?: number; height?: number }): Promise<Page>;
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
    await use(async ({ width = 1366, height = 900 } = {}) => {
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'en-US',
        baseURL: baseUrl,
      });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  signedInPage: async ({ newContext, baseUrl }, use) => {
    await use(async (email, options) => {
      const page = await (await newContext(options)).newPage();
      await signIn(page, baseUrl, email);
      return page;
    });
  },
});
