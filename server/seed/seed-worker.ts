/**
 * The worker thread that builds a new embedded database (seed/new-data-dir.ts starts it): opens
 * PGlite on the directory in this thread (from the bundle's empty database when there is one),
 * migrates, seeds the demo data (its bulk inserts by COPY), closes, and answers {customers}; a
 * failure ends the thread with the error, and closes the database first.
 *
 * Everything the seed grows lives and dies with this thread: PGlite's WebAssembly memory (it
 * grows while the seed writes and never shrinks), the code V8 compiled for it, and the seed's
 * rows in JS. The database that serves is opened afterwards, fresh, by db/client.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type Db, runMigrations } from '../db/client';
import * as schema from '../db/schema/index';
import { insertByCopy } from './business/copy';
import { EMPTY_DATABASE, readEmptyDatabase } from './empty-database';
import { type SeedOptions, seedDemo } from './index';

const port = parentPort;
if (!port) throw new Error('seed/seed-worker.ts runs as a worker thread');
const { dataDir, options } = workerData as { dataDir: string; options: SeedOptions };

// From the bundle, the new database starts as the migrated empty one `npm run build` wrote beside
// it (seed/empty-database.ts); from source, PGlite's initdb creates it and the migrations fill it.
const emptyDatabase = readEmptyDatabase(new URL(`./${EMPTY_DATABASE}`, import.meta.url));
// Postgres' default settings: its 128 MB buffer pool holds the whole demo database while it is
// written (db/pglite-worker.ts serves with a smaller one), and this memory goes with the thread.
const pglite = new PGlite(dataDir, emptyDatabase ? { loadDataDir: emptyDatabase } : {});
// This thread's PGlite is a real one: the seed's rows go in by COPY (seed/business/copy.ts).
insertByCopy(true);
await pglite.waitReady;
try {
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
  port.postMessage({ customers });
} catch (error) {
  await pglite.close().catch(() => {});
  throw error;
}
