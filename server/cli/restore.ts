/**
 * `npm run restore -- FILE`: brings a backup (`npm run backup`) back into an empty DATA_DIR.
 *
 * - Refuses a DATA_DIR that holds anything: restoring never merges into, or overwrites, data.
 * - Unpacks into a directory beside DATA_DIR and moves the result in only once it is whole and its
 *   database opened and answered, so a cut or damaged file leaves DATA_DIR as it was.
 * - The database is left at the schema it was backed up with: the next start applies any newer
 *   migrations, as for any upgrade.
 * Exit codes: 0 restored, 1 the file could not be restored, 2 the command cannot be run as given.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDb, rowsOf } from '../db/client';
import { pgliteDirOf } from '../ops/backup';
import { unpackTarGz } from '../ops/tar';

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  const [file] = process.argv.slice(2);
  if (!file) fail(2, 'Usage: npm run restore -- <backup.tar.gz>   (into an empty DATA_DIR)');
  const config = loadConfig();
  if (config.databaseUrl)
    fail(
      2,
      'DATABASE_URL is set: npm run restore brings back the embedded database only. Restore PostgreSQL with ' +
        'pg_restore (pg_restore --dbname="$DATABASE_URL" portal.dump) or your provider\'s snapshot.',
    );
  const source = resolve(file);
  if (!existsSync(source)) fail(2, `${source} does not exist.`);
  const target = config.dataDir;
  if (existsSync(target) && readdirSync(target).length > 0)
    fail(2, `${target} (DATA_DIR) is not empty: restore goes into an empty or new directory only.`);

  const started = Date.now();
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(`${target.replace(/[/\\]+$/, '')}.restoring-`);
  let counts: { users: number; leads: number };
  try {
    const tops = await unpackTarGz(source, staging);
    if (!tops.has('pglite'))
      throw new Error('the file holds no database (no pglite/ in it): is it a backup?');
    const handle = await openDb({ dataDir: pgliteDirOf(staging), worker: false, migrate: false });
    try {
      [counts] = await rowsOf<{ users: number; leads: number }>(
        handle.db,
        sql`select (select count(*) from users)::int as users, (select count(*) from leads)::int as leads`,
      );
    } finally {
      await handle.close();
    }
    await mkdir(target, { recursive: true });
    for (const name of tops) await rename(join(staging, name), join(target, name));
    await rmdir(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    fail(1, `Restore failed, ${target} left as it was: ${(error as Error).message}`);
  }
  console.log(
    `Restored ${source} into ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${counts.users} users, ${counts.leads} leads). Start the server on it: DATA_DIR=${target} npm start`,
  );
}

main().catch((error: unknown) => fail(1, `Restore failed: ${(error as Error).message}`));
