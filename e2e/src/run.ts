import { launchBrowser, type SpecContext } from './browser.js';
import { seedTestAccounts } from './seed-accounts.js';
import { startServer } from './server.js';
import * as accessibility from './specs/accessibility.spec.js';
import * as darkTheme from './specs/dark-theme.spec.js';
import * as language from './specs/language.spec.js';
import * as menus from './specs/menus.spec.js';
import * as phone from './specs/phone.spec.js';
import * as plantBind from './specs/plant-bind.spec.js';
import * as plantLive from './specs/plant-live.spec.js';
import * as roleEdit from './specs/role-edit.spec.js';
import * as signInSplit from './specs/sign-in-split.spec.js';
import * as signOut from './specs/sign-out.spec.js';
import * as versionDialog from './specs/version-dialog.spec.js';

interface Spec {
  name: string;
  run(context: SpecContext): Promise<void>;
}

// The plant specs go last: a fresh embedded server needs a moment to load the demo history.
const SPECS: Spec[] = [
  menus,
  accessibility,
  signInSplit,
  language,
  roleEdit,
  signOut,
  versionDialog,
  darkTheme,
  phone,
  plantLive,
  plantBind,
];

function report(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  // E2E_BASE_URL points the specs at a server already running (while developing specs).
  const external = process.env.E2E_BASE_URL;
  const server = external
    ? { baseUrl: external, isEmbedded: true, stop: async () => undefined }
    : await startServer();
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  try {
    if (!server.isEmbedded && process.env.DATABASE_URL)
      await seedTestAccounts(process.env.DATABASE_URL);
    const context: SpecContext = {
      browser,
      baseUrl: server.baseUrl,
      newContext: ({ width = 1366, height = 900 } = {}) =>
        browser.newContext({
          viewport: { width, height },
          locale: 'en-US',
          baseURL: server.baseUrl,
        }),
    };
    const selected = SPECS.filter((spec) => !filter || spec.name.includes(filter));
    if (selected.length === 0) throw new Error(`no spec name contains "${filter}"`);
    for (const spec of selected) {
      const started = Date.now();
      try {
        await spec.run(context);
        passed += 1;
        report(`ok   ${spec.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        report(
          `FAIL ${spec.name} (${Date.now() - started} ms)\n     ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  report(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    report('0 passed, 1 failed');
    process.exit(1);
  },
);
