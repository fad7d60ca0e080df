/**
 * Builds the server into dist-server/ (`npm run build`, after the PWA): `npm start`, `npm run
 * serve`, the browser tests and the bench run `node dist-server/main.js`, no TypeScript loader.
 *
 * Why: from source, every start resolved and compiled some three hundred server modules through
 * tsx's loader hooks, and that was most of a start (a CPU profile: module resolution and tsx, 10 s
 * of 22 on a loaded machine). The bundle is the same code, checked by the same typecheck.
 *
 * - The server's own code and src/api/contracts in a few chunks; packages stay in node_modules,
 *   resolved by Node as before (PGlite finds its WebAssembly beside itself, argon2 its binary).
 * - The modules main.ts loads lazily stay lazy (chunks), and PGlite's worker thread's module and
 *   the seed process's are entries of their own beside them (db/pglite-thread.ts `workerSource`,
 *   seed/new-data-dir.ts).
 * - Files the server reads beside its modules are copied where the chunks find them: the
 *   migrations (db/client.ts) and the payment sandbox's hosted fields (sandbox/paysimple-routes.ts).
 * - `npm run build` also writes a migrated empty database beside them, which a first start's seed
 *   worker begins from instead of initdb and the migrations (seed/empty-database.ts). The server
 *   tests' bundle goes without (about 5 s more a run, and no test of theirs seeds a new directory
 *   from the bundle).
 */
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { EMPTY_DATABASE, writeEmptyDatabase } from './seed/empty-database';

const root = resolve(import.meta.dirname, '..');

/** Bundles the server into `outdir` (emptied first); its entry is `<outdir>/main.js`. */
export async function buildServer(outdir: string): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'pglite-worker': 'server/db/pglite-worker.ts',
      'seed-worker': 'server/seed/seed-worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(join(root, 'server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  cpSync(join(root, 'server/sandbox/paysimple'), join(outdir, 'paysimple'), { recursive: true });
}

// `npm run build`; the server tests build their own copy (test/server/global-setup.ts).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = join(root, 'dist-server');
  await buildServer(outdir);
  await writeEmptyDatabase(join(outdir, EMPTY_DATABASE), join(outdir, 'migrations'));
  console.log(`server built into ${outdir}`);
}
