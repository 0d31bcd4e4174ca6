import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { waitForStillness } from './browser.js';

/**
 * axe-core's serious and critical findings, one line each, once the page is still: a dialog
 * half-way through its opening animation would fail contrast checks it passes when open.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await waitForStillness(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
