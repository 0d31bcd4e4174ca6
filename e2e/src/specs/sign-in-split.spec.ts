import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { assert, recordCspViolations, signIn } from '../browser.js';
import { test } from '../fixtures.js';

/** Vite names a lazily loaded module's chunk after it: the signed-in app's code. */
const SIGNED_IN_CHUNK = /\/assets\/SignedInApp-[^/]+\.js$/;

interface LoadedScript {
  url: string;
  gzipBytes: Promise<number>;
}

function recordScripts(page: Page): LoadedScript[] {
  const loaded: LoadedScript[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    const gzipBytes = response.body().then(
      (body) => gzipSync(body, { level: 9 }).length,
      () => 0,
    );
    loaded.push({ url: response.url(), gzipBytes });
  });
  return loaded;
}

/**
 * The page runs under the server's policy, has no inline script and shows antd's CSS-in-JS
 * styles (on `styledByAntd`, an element whose background only antd's injected styles set).
 */
async function assertCspHolds(
  page: Page,
  policy: string | undefined,
  violations: string[],
  styledByAntd: string,
): Promise<void> {
  assert(policy?.includes("script-src 'self'") === true, `no strict script-src: ${policy}`);
  const inlineScripts = await page.locator('script:not([src])').count();
  assert(inlineScripts === 0, `${inlineScripts} inline scripts on ${page.url()}`);
  const background = await page
    .locator(styledByAntd)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  assert(background !== 'rgba(0, 0, 0, 0)', `antd's styles were not applied to ${styledByAntd}`);
  assert(violations.length === 0, `CSP violations on ${page.url()}: ${violations.join(' | ')}`);
}

async function totalGzipKb(scripts: LoadedScript[]): Promise<string> {
  const sizes = await Promise.all(scripts.map((script) => script.gzipBytes));
  return (sizes.reduce((sum, size) => sum + size, 0) / 1024).toFixed(1);
}

test('the sign-in page loads none of the signed-in code; the shell loads it after; both hold the CSP', async ({
  newContext,
  baseUrl,
}) => {
  const context = await newContext();
  const page = await context.newPage();
  const scripts = recordScripts(page);
  const violations = recordCspViolations(page);
  const response = await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const policy = response?.headers()['content-security-policy'];
  await assertCspHolds(page, policy, violations, '.ant-btn-primary');
  const atSignIn = [...scripts];
  assert(
    !atSignIn.some((script) => SIGNED_IN_CHUNK.test(script.url)),
    `the sign-in page loaded the signed-in app: ${atSignIn.map((s) => s.url).join(', ')}`,
  );
  process.stdout.write(
    `     sign-in page: ${atSignIn.length} scripts, ${await totalGzipKb(atSignIn)} kB gzip\n`,
  );
  await signIn(page, baseUrl, 'viewer@example.com');
  assert(
    scripts.some((script) => SIGNED_IN_CHUNK.test(script.url)),
    'the signed-in app chunk was not loaded after sign-in (renamed? update SIGNED_IN_CHUNK)',
  );
  await page.waitForLoadState('networkidle');
  await assertCspHolds(page, policy, violations, '.ant-menu');
  await context.close();
});
