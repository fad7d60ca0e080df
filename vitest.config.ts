import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit tests that are `.test.ts` files yet need a DOM: Web Storage (localStorage,
// sessionStorage), navigator.onLine, or testing-library's renderHook. They run with the components.
const unitDomFiles = [
  'test/unit/app/sign-out.test.ts',
  'test/unit/db/session.test.ts',
  'test/unit/db/user-data.test.ts',
  'test/unit/features/auth/session-order.test.ts',
  'test/unit/lib/device-storage.test.ts',
  'test/unit/sw/push-lead.test.ts',
  'test/unit/ui/use-paged-search.test.ts',
  'test/unit/widgets/toolbar/zone-hint.test.ts',
];

// The long hunts that run on a schedule of their own (`npm run test:long`, README "Scripts"), not in
// `npm test`: the route fuzzer and the seed's volumes and determinism on fresh databases (server),
// the seeded chaos and randomized browser sequences and the two-instance proof (e2e). Each is a
// search for a rare fault, minutes long, over what the shorter tests already check once each
// (fuzz-findings.test.ts keeps every input the fuzzer ever found; every file starts from the seed).
const serverLongFiles = ['test/server/fuzz.test.ts', 'test/server/business-seed.test.ts'];
const e2eLongFiles = [
  'test/e2e/offline-chaos.test.ts',
  'test/e2e/offline-random-browser.test.ts',
  'test/e2e/two-instances.test.ts',
];

// What both unit projects share.
const unitTest = {
  // Each file in a fresh VM context of a worker that goes on from file to file, not in a fresh
  // process: happy-dom loads once a worker, not once a file, and a file starts without a process
  // to start (the unit run took half the time). The price: an error thrown by Node's own
  // modules (node:fs, ...) is not `instanceof Error` in a test, its Error is the worker's; and a
  // worker keeps what each file imported (Node cannot unload it), so see vmMemoryLimit below.
  pool: 'vmForks',
  setupFiles: ['test/unit/setup.ts'],
  // Room for the waits of a loaded machine (test/unit/setup.ts); a hung test still fails.
  testTimeout: 20_000,
  // Two files at once on two cores (vitest's default is one less than the cores); the two unit
  // projects run together in one group, so two files at once in all.
  maxWorkers: 2,
  // One more try for a test that fails on a starved machine (a CI run shares two cores with
  // servers, a database and browsers; the last unit flakes were a wait and a timing budget):
  // the report names every test that needed it, and a test that fails twice still fails the run.
  retry: 1,
};

// What both server projects share.
const serverTest = {
  environment: 'node' as const,
  globalSetup: ['test/server/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
  // Each file has its own database copy (PGlite directory or PostgreSQL database).
  fileParallelism: true,
  // Two files at once even on two cores (vitest's default is one less than the cores): a
  // file on PostgreSQL waits on the database process half the time (the whole project: 392 s).
  maxWorkers: 2,
  // A worker keeps its imported modules from one file to the next (Fastify, drizzle, PGlite,
  // the AWS SDK): each file builds its own app over its own database copy (helpers.ts) and
  // nothing in server/ keeps a file's state at module level. Importing the server again for
  // every file took 314 s of a 668 s run on a slow machine; without it the run took 374 s.
  isolate: false,
  sequence: { groupOrder: 1 },
};

// What both browser projects share.
const e2eTest = {
  environment: 'node' as const,
  globalSetup: ['test/server/global-setup.ts', 'test/e2e/global-setup.ts'],
  testTimeout: 90_000,
  hookTimeout: 180_000,
  // expect.poll waits for the state a test expects: a loaded machine can take more than
  // vitest's default second to get a screen there (a test's own timeout still wins).
  expect: { poll: { timeout: 15_000, interval: 100 } },
  // One more try for a browser test that fails on a starved machine (two servers, two
  // Chromiums and PostgreSQL on two cores): the report names every test that needed it, and
  // a test that fails twice still fails the run.
  retry: 1,
  // Two files at once, each with its own server, data and browser (test/e2e/fixture.ts):
  // more would starve the servers and browsers of CPU on a small machine.
  fileParallelism: true,
  maxWorkers: 2,
  // A worker keeps its imported modules from one file to the next (playwright, drizzle, the
  // contracts): nothing in test/e2e keeps state at module level, each file its own server.
  isolate: false,
  // A project with its own maxWorkers runs in its own group (after unit and server).
  sequence: { groupOrder: 2 },
};

// Four projects, run separately by `npm test`: the unit tests (lib, db on fake-indexeddb,
// components on happy-dom) as two projects, `unit` and `unit-node`, that `npm run test:unit` runs
// together; server (real HTTP against PGlite, and PostgreSQL when DATABASE_URL is set) and e2e
// (Chromium against the production build served by the real server).
export default defineConfig({
  // `@/x` is src/x, as in tsconfig.json and vite.config.ts; each project `extends` the root for it.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // Every run ends with the tests that needed their retry (test/retry-reporter.ts).
    reporters: ['default', './test/retry-reporter.ts'],
    // A unit worker (pool 'vmForks') keeps every file's modules, about 6 MB a file (425 MB after
    // its 60 files of 120): one past 300 MB is replaced by a fresh one after two or three dozen
    // files. vitest's default, a share of the machine's memory, can be above Node's own heap limit;
    // 300 MB ran no slower than 1 GB (its smaller heap is quicker to collect) nor than 150 MB.
    vmMemoryLimit: '300MB',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The components (every .test.tsx) and the few .test.ts files that need a DOM.
          include: ['test/unit/**/*.test.tsx', ...unitDomFiles],
          environment: 'happy-dom',
          ...unitTest,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          // Every other .test.ts file (lib, db on fake-indexeddb, the sync logic) has no use for a
          // DOM: node's environment saves each file happy-dom's set-up, the larger part of the unit
          // run's time when every file had it.
          include: ['test/unit/**/*.test.ts'],
          exclude: unitDomFiles,
          environment: 'node',
          ...unitTest,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          exclude: serverLongFiles,
          ...serverTest,
        },
      },
      {
        extends: true,
        test: { name: 'server-long', include: serverLongFiles, ...serverTest },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: e2eLongFiles, ...e2eTest },
      },
      {
        extends: true,
        test: { name: 'e2e-long', include: e2eLongFiles, ...e2eTest },
      },
    ],
  },
});
