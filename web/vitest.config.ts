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
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    passWithNoTests: true,
    testTimeout: 20_000,
  },
});
