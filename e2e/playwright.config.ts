import { defineConfig } from '@playwright/test';

/**
 * The specs drive Debian's chromium (scripts/ensure-chromium.sh installs it) against one real
 * server that src/global-setup.ts starts as `npm start` does. One worker: the specs share that
 * server and its demo data, and the machine has two cores.
 */
export default defineConfig({
  testDir: 'src/specs',
  globalSetup: './src/global-setup.ts',
  workers: 1,
  retries: 0,
  // The live specs wait for a fresh server's history backfill and two overview refreshes.
  timeout: 240_000,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
