import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores (Vitest's default here is one worker for a run): the unit part in 44 s instead of 62.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      {
        // Component tests of the browser app's shared pieces, in jsdom.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      // The repository's own checks (the import graph of each tree).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/fakes/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Three files side by side on 2 cores: each waits on PostgreSQL at times, and a third
          // worker fills that (the part 219 s with two, 201 s with three, docs/decisions.md).
          maxWorkers: 3,
          // A worker imports the app once and runs its files one after another: each file still
          // has its own database and its own app (test/context.ts), and closes both when it ends.
          // Re-importing the whole app for every file was three quarters of the run.
          isolate: false,
          // Projects with their own worker limits must run as separate groups.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
