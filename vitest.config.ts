import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (unit + integration against a real database, fast) and `e2e` (the built
// app in a real Chromium). `npm test` runs them in that order (scripts/test.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts', 'e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // expect.poll gives up after 1 s by default: too soon for a page that is still booting, its
          // socket connecting or its data loading on a busy CI machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
