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
          // Two files at a time (Vitest's default is one worker fewer than the cores: one, here). Each
          // file has its own database, and most of a file's time is waiting on it or on a socket
          // (ADR 0066).
          maxWorkers: 2,
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
          // Two files at a time, one per core: each has its own server, database and browser, and
          // much of a browser test is waiting. Measured 2026-11-25: the e2e step took 454 s instead of
          // about 900 s one file at a time.
          fileParallelism: true,
          maxWorkers: 2,
          // expect.poll gives up after 1 s by default: too soon for a page that is still booting, its
          // socket connecting or its data loading on a busy CI machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
