import { assert } from '../browser.js';
import { test } from '../fixtures.js';
import { installerPages, openInApp, openInLanguage } from '../page-walk.js';

/** Units the portal writes after a number (power, energy, electrics, weather, shares). */
const UNIT = String.raw`(?:[kMG]?W(?:h|p)?|kWh/kWp|V|A|Hz|%|°C|W/m²|m/s|kg|t|h)(?![\p{L}\d])`;

/** A number in English form: a thousands comma before a decimal point, or a decimal point before a unit. */
const ENGLISH_NUMBER = new RegExp(String.raw`\d,\d{3}\.\d|(?<![\d.])\d+\.\d+\s?${UNIT}`, 'gu');

/**
 * A clock time with no zone after it: "09:53" alone is the browser's clock or an unnamed one,
 * "09:53 CET", "09:53 GMT+8" and "09:53:12 PDT" are named, and so is a schedule's wall-clock
 * time with its zone's name, "07:30 (Europe/Berlin)" (its abbreviation changes with DST).
 * Durations ("3 hr") have no colon.
 */
const UNLABELLED_TIME =
  /(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])(?!\s?(?:GMT|UTC|[A-Z]{2,5}\b|\([A-Z][A-Za-z_]+\/))/g;

/** The parts of `text` that break the rules of `locale`, each with its context. */
function misformattedIn(text: string, locale: string): string[] {
  const around = (match: RegExpMatchArray) =>
    text.slice(Math.max(0, (match.index ?? 0) - 20), (match.index ?? 0) + match[0].length + 12);
  const times = [...text.matchAll(UNLABELLED_TIME)].map(
    (match) => `an unlabelled time in "${around(match)}"`,
  );
  // Chinese writes numbers as English does; German does not.
  const numbers =
    locale === 'de'
      ? [...text.matchAll(ENGLISH_NUMBER)].map((match) => `an English number in "${around(match)}"`)
      : [];
  return [...times, ...numbers].map((problem) => problem.replace(/\s+/g, ' '));
}

test('every page writes numbers in the reader’s form and times with their zone, in German and Chinese', async ({
  signedInPage,
}) => {
  // The check itself: the issue's own examples are caught, their right forms pass.
  assert(
    misformattedIn('Summe: 602.4 kWh, 1,234.5 € um 9:53', 'de').length === 3,
    'the check finds English numbers and a time without its zone',
  );
  assert(
    misformattedIn('Summe: 602,4 kWh am 01.12.2026, 22:53 GMT+8, Mo 07:30 (Europe/Berlin)', 'de')
      .length === 0,
    'the check passes German numbers, dates and named times',
  );
  // Thirty page changes: a busy two-core runner needs minutes for them.
  test.setTimeout(600_000);
  const page = await signedInPage('installer@example.com');
  const paths = await installerPages(page);
  const problems: string[] = [];
  for (const locale of ['de', 'zh_CN']) {
    await openInLanguage(page, locale, paths[0] ?? '/dashboard');
    for (const path of paths) {
      await openInApp(page, path);
      const text = await page.locator('.shell-content').innerText();
      problems.push(
        ...misformattedIn(text, locale).map((problem) => `${locale} ${path}: ${problem}`),
      );
    }
  }
  assert(problems.length === 0, `texts in the wrong form:\n${problems.join('\n')}`);
});
