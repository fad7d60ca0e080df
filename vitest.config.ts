import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three projects, run separately by `npm test`: unit (lib, db on fake-indexeddb, components on
// happy-dom), server (real HTTP against PGlite, and PostgreSQL when DATABASE_URL is set) and e2e
// (Chromium against the production build served by the real server).
export default defineConfig({
  // `@/x` is src/x, as in tsconfig.json and vite.config.ts; each project `extends` the root for it.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file has its own database copy (PGlite directory or PostgreSQL database).
          fileParallelism: true,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/global-setup.ts', 'test/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Two files at once, each with its own server, data and browser (test/e2e/fixture.ts):
          // more would starve the servers and browsers of CPU on a small machine.
          fileParallelism: true,
          maxWorkers: 2,
          // A project with its own maxWorkers runs in its own group (after unit and server).
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
