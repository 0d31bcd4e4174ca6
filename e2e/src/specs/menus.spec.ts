import { assertEqual, screenshot, signIn, topMenuLabels, type SpecContext } from '../browser.js';

/** What each demo account's permissions allow in the menu (CONTRACT.md demo table). */
const EXPECTED_MENUS: Record<string, string[]> = {
  'admin@example.com': [
    'Plants',
    'Devices',
    'Firmware',
    'Reports',
    'Company',
    'Customers',
    'Logs',
    'System management',
  ],
  'installer@example.com': [
    'Plants',
    'Devices',
    'Firmware',
    'Reports',
    'Company',
    'Customers',
    'Logs',
  ],
  'viewer@example.com': ['Plants'],
  'owner@example.com': ['Plants', 'Devices'],
};

export const name = 'each demo account sees exactly the menu its permissions allow';

export async function run({ newContext, baseUrl }: SpecContext): Promise<void> {
  for (const [email, expected] of Object.entries(EXPECTED_MENUS)) {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, email);
    assertEqual(await topMenuLabels(page), expected, `menu of ${email}`);
    await screenshot(page, `shell-${email.split('@')[0]}`);
    await context.close();
  }
}
