import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'simulator',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    passWithNoTests: true,
  },
});
