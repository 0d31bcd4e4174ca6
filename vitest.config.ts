import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          // Files share one database and a 2-core machine; a few workers keep it fast and calm.
          maxWorkers: 2,
        },
      },
      'web/vitest.config.ts',
      'simulator/vitest.config.ts',
    ],
  },
});
