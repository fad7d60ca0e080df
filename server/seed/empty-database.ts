/**
 * A migrated, empty PGlite database as a gzip tarball, which `npm run build` writes beside the
 * server's bundle (server/build.ts): the seed worker (seed/seed-worker.ts) starts a new database
 * from it, about 1 s, instead of PGlite's initdb and every migration, about 5 s (issue 26).
 *
 * - From source there is no tarball beside the worker, and it runs initdb and the migrations as
 *   before; the migrations run after loading too, and find nothing to do when it is up to date.
 * - The tarball is built from the same migrations and PGlite as the bundle, at the same time.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** The tarball's name, beside the bundle's chunks and its migrations. */
export const EMPTY_DATABASE = 'empty-database.tar.gz';

/** Writes the tarball of a new in-memory PGlite with `migrationsFolder`'s migrations applied. */
export async function writeEmptyDatabase(file: string, migrationsFolder: string): Promise<void> {
  const pglite = new PGlite();
  try {
    await migrate(drizzle(pglite), { migrationsFolder });
    const dump = await pglite.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/** The tarball at `file` when there is one (the bundle), for PGlite's `loadDataDir`. */
export function readEmptyDatabase(file: URL): Blob | undefined {
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
