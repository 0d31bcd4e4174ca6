import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'edge',
    include: ['src/**/*.test.ts'],
    // The agent's integration test runs the real portal with the server's test kit.
    globalSetup: ['src/test/global-setup.ts', '../server/src/test/global-setup.ts'],
    setupFiles: ['../server/src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
