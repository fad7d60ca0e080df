/**
 * The child process that builds a new embedded database (seed/new-data-dir.ts forks it and sends
 * {dataDir, options}): opens PGlite on the directory (from the bundle's empty database when there
 * is one), migrates, seeds the demo data (its bulk inserts by COPY), closes, answers {customers}
 * and exits; a failure answers {error} (the database closed first) and exits with 1.
 *
 * Everything the seed grows lives and dies with this process: PGlite's WebAssembly memory (it
 * grows while the seed writes and never shrinks), the code V8 compiled for it, and the seed's
 * rows in JS. A worker thread's freed memory stayed in the server's resident set; a process's goes
 * back to the system. The database that serves is opened afterwards, fresh, by db/client.ts.
 * The server going away (the IPC channel closes) ends the seed too.
 */
import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type Db, runMigrations } from '../db/client';
import * as schema from '../db/schema/index';
import { insertByCopy } from './business/copy';
import { EMPTY_DATABASE, readEmptyDatabase } from './empty-database';
import { type SeedOptions, seedDemo } from './index';

if (!process.send) throw new Error('seed/seed-worker.ts runs as a child process with an IPC channel');
const answer = (message: unknown) =>
  new Promise<void>((resolve, reject) => {
    process.send?.(message, undefined, {}, (error: Error | null) => (error ? reject(error) : resolve()));
  });
process.once('disconnect', () => process.exit(1));
const [{ dataDir, options }] = (await once(process, 'message')) as [
  { dataDir: string; options: SeedOptions },
];

// From the bundle, the new database starts as the migrated empty one `npm run build` wrote beside
// it (seed/empty-database.ts); from source, PGlite's initdb creates it and the migrations fill it.
const emptyDatabase = readEmptyDatabase(new URL(`./${EMPTY_DATABASE}`, import.meta.url));
// Postgres' default settings: its 128 MB buffer pool holds the whole demo database while it is
// written (db/pglite-worker.ts serves with a smaller one), and this memory goes with the process.
const pglite = new PGlite(dataDir, emptyDatabase ? { loadDataDir: emptyDatabase } : {});
// This process's PGlite is a real one: the seed's rows go in by COPY (seed/business/copy.ts).
insertByCopy(true);
try {
  await pglite.waitReady;
  const db = drizzle(pglite, { schema }) as unknown as Db;
  await runMigrations({
    db,
    kind: 'pglite',
    listen: async () => async () => {},
    notify: async () => {},
    close: () => pglite.close(),
  });
  const customers = await seedDemo(db, options);
  await pglite.close();
  await answer({ customers });
  process.exit(0);
} catch (error) {
  await pglite.close().catch(() => {});
  await answer({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }).catch(
    () => {},
  );
  process.exit(1);
}
