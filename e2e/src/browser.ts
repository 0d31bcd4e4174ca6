import { expect, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './server.js';

export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e/artifacts');

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Chromium reports on the console every resource, style or eval (zod's `new Function` probe
 * was one on nearly every page) that the Content-Security-Policy refuses.
 */
export function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

export const DEMO_PASSWORD = 'Solar2026';

/** Signs in through the form and waits for the shell's menu. */
export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('.side-menu, .shell-content', { timeout: 20_000 });
  await acknowledgeVersionDialog(page);
}

/** A fresh browser has not seen the latest release notes yet: the dialog opens once. */
export async function acknowledgeVersionDialog(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'I know' });
  try {
    await button.waitFor({ timeout: 4000 });
  } catch {
    return;
  }
  // A click while the dialog is still opening can be lost (antd's motion): click until it closes.
  await expect(async () => {
    if (await button.isVisible()) await button.click({ timeout: 5_000 });
    await expect(button).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** The labels of the menu's top-level entries. */
export async function topMenuLabels(page: Page): Promise<string[]> {
  await page.waitForSelector('.side-menu > li');
  const labels = await page
    .locator('.side-menu > li')
    .evaluateAll((items) =>
      items.map((item) =>
        (item.querySelector('.ant-menu-title-content')?.textContent ?? '').trim(),
      ),
    );
  return labels.filter((label) => label !== '');
}

/**
 * Every menu entry as "Group > Item" (or "Item" at the top), opening each group on the way:
 * antd renders a group's items only once it has been opened.
 */
export async function menuEntries(page: Page): Promise<string[]> {
  const entries: string[] = [];
  for (const top of await topMenuLabels(page)) {
    const group = page.locator('.side-menu > li.ant-menu-submenu', { hasText: top });
    if ((await group.count()) === 0) {
      entries.push(top);
      continue;
    }
    const title = group.locator('.ant-menu-submenu-title');
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    const items = group.locator('ul .ant-menu-title-content');
    await items.first().waitFor();
    for (const item of await items.allTextContents()) entries.push(`${top} > ${item.trim()}`);
  }
  return entries;
}

/** Waits until no finite animation runs: a dialog mid-way through opening is scaled down. */
export async function waitForStillness(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

export function assertEqual<T>(actual: T, expected: T, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

export function assert(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(what);
}
