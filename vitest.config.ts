import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One pool runs every project's files and only this root value sizes it (a project's own
    // maxWorkers is ignored); vitest's default of cores - 1 leaves one worker on a 2-core runner.
    maxWorkers: 2,
    // Only these root values decide isolation. The server, contract and simulator files run in
    // forks, each file in a fresh one; the web files run in threads that keep their modules
    // from file to file (`web/vitest.config.ts`, `web/src/test/shared-jsdom-environment.ts`).
    poolOptions: { forks: { isolate: true }, threads: { isolate: false } },
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'web/vitest.config.ts',
      'simulator/vitest.config.ts',
    ],
  },
});
