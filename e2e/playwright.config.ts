import { defineConfig } from '@playwright/test';

/**
 * The installer's specs that drive devices and plants of the installer company: each waits on
 * live devices more than on the processor, and some change what others count (a new plant, a
 * datalogger bound or imported, a report over its plants), so they run one after the other.
 */
const INSTALLER_DEVICE_SPECS = [
  'device-commands',
  'device-family-details',
  'firmware-upgrade',
  'flow-direction',
  'gateway-import',
  'plant-bind',
  'report-page',
  'reports-exports',
  'video',
];
/**
 * The installer's switch-task spec waits most of its minute or two for the dispatcher's next
 * minute, so it runs in a third worker beside the other two. It drives its own switch (the demo
 * one, or a plant it seeds within its first seconds, long before an installer spec counts
 * plants) and nothing else reads that switch.
 */
const SWITCH_TASK_SPECS = ['switch-tasks'];
/**
 * An installer's spec that reads the installer's plants through the dashboard's map: it runs in
 * the device specs' worker because they add plants and change their status, and the map then
 * redraws its markers, which can swallow a click made at that moment.
 */
const INSTALLER_MAP_SPECS = ['overview-ux'];
const INSTALLER_SPECS = [...INSTALLER_DEVICE_SPECS, ...INSTALLER_MAP_SPECS, ...SWITCH_TASK_SPECS];
/**
 * Publishes a notice and a release every account sees at sign-in: it runs when every other spec
 * is done.
 */
const LAST_SPECS = ['platform-admin'];

const specFiles = (names: readonly string[]) => names.map((name) => `${name}.spec.ts`);

/**
 * The specs drive Debian's chromium (scripts/ensure-chromium.sh installs it) against one real
 * server that src/global-setup.ts starts as `npm start` does. Two busy workers on two cores:
 * the installer's device specs and its map spec in one (they wait on devices), every other
 * account's specs (owner, viewer, administrator, and the installer's other read-only pages) in
 * the other, each group in its own order; beside them a third, mostly idle, worker waits for a
 * switch task's minute; then the platform administrator's last specs alone.
 */
export default defineConfig({
  testDir: 'src/specs',
  globalSetup: './src/global-setup.ts',
  workers: 3,
  projects: [
    {
      name: 'installer-devices',
      testMatch: specFiles([...INSTALLER_DEVICE_SPECS, ...INSTALLER_MAP_SPECS]),
      workers: 1,
    },
    { name: 'switch-task', testMatch: specFiles(SWITCH_TASK_SPECS), workers: 1 },
    {
      name: 'other-accounts',
      testIgnore: specFiles([...INSTALLER_SPECS, ...LAST_SPECS]),
      workers: 1,
    },
    {
      name: 'platform-admin',
      testMatch: specFiles(LAST_SPECS),
      dependencies: ['installer-devices', 'switch-task', 'other-accounts'],
      workers: 1,
    },
  ],
  retries: 0,
  // The live specs wait for a fresh server's history backfill and two overview refreshes.
  timeout: 240_000,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // A failed test keeps its trace: actions, network and DOM snapshots to step through. Not
    // its screencast: taking the frames cost a quarter of the end-to-end run's CPU (the GPU
    // process rasterizing each frame), and the DOM snapshots show the same pages.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // As a reader who asks for less motion: charts draw and antd's dialogs, menus and drawers
    // open without animating, which halves the chart-heavy specs on a busy 2-core runner.
    reducedMotion: 'reduce',
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
