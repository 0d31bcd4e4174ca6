import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One pool runs every project's files and only this root value sizes it (a project's own
    // maxWorkers is ignored); vitest's default of cores - 1 leaves one worker on a 2-core runner.
    maxWorkers: 2,
    // Only these root values decide isolation. No project isolates its files: each worker
    // keeps its modules from file to file, so the server is imported once per worker, not once
    // per file. A server file stops what it starts (`server/src/test/file-teardown.ts`); the web
    // files share one jsdom per worker (`web/src/test/shared-jsdom-environment.ts`).
    poolOptions: { forks: { isolate: false }, threads: { isolate: false } },
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
          setupFiles: ['server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'web/vitest.config.ts',
      'simulator/vitest.config.ts',
      'edge/vitest.config.ts',
    ],
  },
});
