import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env['TEST_DATABASE_URL'];

/**
 * The API suite runs twice when TEST_DATABASE_URL is set: once on embedded PGlite and once
 * on real PostgreSQL, with the same test files (decision 2: one code path, two drivers).
 */
const apiProject = (driver: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${driver}`,
    include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
    // The XSS corpus drives Chromium: it runs with the browser tests.
    exclude: ['tests/security/**/*.browser.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    // One module graph per worker, not per file (ADR 063): each file still builds its own server
    // and database; the run took 492 s instead of 826 s, most of it re-imported code and PGlite.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machines,
    // where the API files (mostly waiting on the database and the network) run well two at a time
    // (a full run took 58 minutes with one worker, 25 with two). The browser and process files
    // still run one at a time (fileParallelism below).
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/schema/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      apiProject('pglite'),
      ...(postgresUrl ? [apiProject('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/security/**/*.browser.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
