import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { screenshot, signIn, type SpecContext } from '../browser.js';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

export const name = 'sign-in and the shell have no serious or critical axe violations';

export async function run({ newContext, baseUrl }: SpecContext): Promise<void> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await screenshot(page, 'login');
  const problems = (await seriousViolations(page)).map((v) => `/login ${v}`);
  await signIn(page, baseUrl, 'installer@example.com');
  await page.goto(`${baseUrl}/enterprise/user`);
  await page.locator('.ant-table:visible').waitFor();
  await screenshot(page, 'company-members');
  problems.push(...(await seriousViolations(page)).map((v) => `shell ${v}`));
  await context.close();
  if (problems.length > 0) throw new Error(`axe found:\n  ${problems.join('\n  ')}`);
}
