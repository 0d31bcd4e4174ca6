import { seriousViolations } from '../axe.js';
import { recordCspViolations, screenshot, signIn } from '../browser.js';
import { test } from '../fixtures.js';

test('sign-in, the shell and a dialog have no serious or critical axe violations, nor CSP ones', async ({
  newContext,
  baseUrl,
}) => {
  const context = await newContext();
  const page = await context.newPage();
  const cspViolations = recordCspViolations(page);
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await screenshot(page, 'login');
  const problems = (await seriousViolations(page)).map((v) => `/login ${v}`);
  await signIn(page, baseUrl, 'installer@example.com');
  await page.goto(`${baseUrl}/enterprise/user`);
  await page.locator('.ant-table:visible').waitFor();
  await screenshot(page, 'company-members');
  problems.push(...(await seriousViolations(page)).map((v) => `shell ${v}`));
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByRole('dialog').waitFor();
  problems.push(...(await seriousViolations(page)).map((v) => `member dialog ${v}`));
  problems.push(...cspViolations.map((violation) => `CSP ${violation}`));
  await context.close();
  if (problems.length > 0) throw new Error(`found:\n  ${problems.join('\n  ')}`);
});
