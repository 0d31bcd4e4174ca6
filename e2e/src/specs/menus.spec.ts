import { assertEqual, menuEntries, screenshot } from '../browser.js';
import { test } from '../fixtures.js';

const COMPANY_MENU = [
  'Dashboard',
  'Plants',
  'Devices > Dataloggers',
  'Devices > Inverters',
  'Devices > Batteries',
  'Devices > Other devices',
  'Devices > Energy management',
  'Devices > Events',
  'Devices > Alarm rules',
  'Firmware > Inverter firmware',
  'Firmware > Battery firmware',
  'Firmware > Upgrade campaigns',
  'Work orders',
  'Reports > Report list',
  'Video',
  'Company > Company information',
  'Company > Members',
  'Company > Roles',
  'Company > Webhooks',
  'Customers > Customer list',
  'Customers > Customer types',
  'Logs > Maintenance log',
  'Logs > Communication log',
  'Logs > Debug log',
];

/** What each demo account's permissions allow in the menu (CONTRACT.md demo table). */
const EXPECTED_MENUS: Record<string, string[]> = {
  'admin@example.com': [
    ...COMPANY_MENU,
    'System management > Datalogger management',
    'System management > Ingestion quarantine',
    'System management > Companies',
    'System management > Notices',
    'System management > Text messages',
    'System management > Audit log',
    'System management > Download centre',
    'System management > Dictionaries',
    'System management > Language entries',
    'System management > Versions',
    'System management > Products',
    'System management > Protocols',
    'System management > Register maps',
    'System management > White label',
    'Full screen',
  ],
  'installer@example.com': [...COMPANY_MENU, 'Full screen'],
  'viewer@example.com': ['Dashboard', 'Plants', 'Full screen'],
  'owner@example.com': [
    'Dashboard',
    'Plants',
    'Devices > Dataloggers',
    'Devices > Inverters',
    'Devices > Batteries',
    'Devices > Other devices',
    'Devices > Events',
    'Full screen',
  ],
};

test('each demo account sees exactly the menu its permissions allow', async ({ signedInPage }) => {
  for (const [email, expected] of Object.entries(EXPECTED_MENUS)) {
    const page = await signedInPage(email);
    await screenshot(page, `shell-${email.split('@')[0]}`);
    assertEqual(await menuEntries(page), expected, `menu of ${email}`);
    await page.context().close();
  }
});
