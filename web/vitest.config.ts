import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // Every locale's texts live in the contract package, beside the server's.
  resolve: {
    alias: { '@locales': fileURLToPath(new URL('../packages/contract/locales', import.meta.url)) },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Threads that share modules between files (the root config keeps threads unisolated):
    // antd, React and i18next load once per worker instead of once per file.
    pool: 'threads',
    environment: './src/test/shared-jsdom-environment.ts',
    setupFiles: ['src/test/setup.ts'],
    passWithNoTests: true,
    // A page's first render loads its lazy modules and antd's: seconds on a busy 2-core runner.
    testTimeout: 30_000,
  },
});
