/**
 * Opens the database: embedded PGlite in a data directory by default, PostgreSQL when a
 * DATABASE_URL is given. Both get the same drizzle migrations at open (on PostgreSQL one instance
 * at a time, under an advisory lock), and both are used through one `Db` type, so no query knows
 * which it runs on.
 *
 * LISTEN/NOTIFY (live fan-out across instances) exists only on PostgreSQL; on PGlite there is one
 * instance, so `listen` is a local no-op there. PGlite runs in a worker thread (db/pglite-thread.ts);
 * PGLITE_WORKER=off keeps it in the main thread. A PGlite data directory is one process's: opening
 * it takes a lock (db/data-dir-lock.ts) that close() releases, so a second server on the same
 * DATA_DIR stops at start with a message instead of corrupting the files.
 *
 * A database that is gone for good (PGlite's thread ended) is reported by failure()/onFailure(),
 * so the process exits and its supervisor restarts it (server/main.ts). PostgreSQL is never gone
 * for good: the pool opens a new connection per attempt, the LISTEN connection is reopened with
 * backoff (its state in connection(), which /readyz reports), and a refused or dropped connection
 * answers 503 (db/unavailable.ts).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { ListenConnection } from './listen-connection';
import { servingOptions } from './pglite-settings';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs `work` in one transaction and answers what it answers; a throw rolls the whole of it back.
 * `work` gets the transaction as a plain `Db` (a drizzle transaction is one), so the domain
 * functions it calls run inside the transaction without knowing it, and no caller casts.
 */
export function withTx<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/**
 * The rows of a raw SQL query, typed as the caller says they are (the SQL decides, so check the
 * select list against T). Both drivers answer execute() with `{ rows }`.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribe to a NOTIFY channel (PostgreSQL only); returns an unsubscribe function. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  notify: (channel: string, payload: string) => Promise<void>;
  close: () => Promise<void>;
  /** Why the database is gone for good (the process must restart), or null while it serves. */
  failure: () => Error | null;
  /** Called once when the database is gone for good (never on PostgreSQL, never after close()). */
  onFailure: (listener: (error: Error) => void) => void;
  /** Connections besides the queries' own that are down, by name with why (empty: all up). */
  connection: () => Record<string, string>;
  /** The embedded database (its query() and exec()), for tests that watch or read it directly. */
  pglite?: Pick<PGlite, 'query' | 'exec'> | PgliteThread;
};

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests clone a seeded template this way). */
  loadDataDir?: Blob;
  migrate?: boolean;
  /** false: PGlite in the main thread (config.pgliteWorker, PGLITE_WORKER=off); by default a worker. */
  worker?: boolean;
};

export async function openDb(options: OpenOptions): Promise<DbHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.migrate !== false) await runMigrations(handle, options.databaseUrl);
  return handle;
}

async function openPglite(options: OpenOptions): Promise<DbHandle> {
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  // In a worker thread unless told not to (db/pglite-thread.ts says why); both with the serving
  // settings (db/pglite-settings.ts), which the worker applies itself.
  const client =
    options.worker === false
      ? new PGlite(options.dataDir, servingOptions(options.loadDataDir))
      : new PgliteThread(options.dataDir, { loadDataDir: options.loadDataDir });
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  // drizzle-orm/pglite calls query(), exec() and transaction() only, which PgliteThread answers.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    listen: async () => async () => {},
    notify: async () => {},
    // In the main thread (PGLITE_WORKER=off) PGlite cannot end apart from the process.
    failure: () => (client instanceof PgliteThread ? client.failure : null),
    onFailure: (listener) => {
      if (client instanceof PgliteThread) client.onFailure(listener);
    },
    connection: () => ({}),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<DbHandle> {
  // JIT off: the portal's statements are short, and PostgreSQL's cost guess compiled them anyway
  // (0.1-0.2 s of JIT on a 0.2 s statistics read, 6.7 s on a year's breakdowns at a hundred times
  // the demo data, in auto_explain). An `options` in DATABASE_URL still wins.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listener = new ListenConnection(url, (channel, payload) => {
    for (const fn of handlers.get(channel) ?? []) fn(payload);
  });
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.listen(channel);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    failure: () => null,
    onFailure: () => {},
    connection: () => {
      const down = listener.down();
      const states: Record<string, string> = {};
      if (down) states.listen = down;
      return states;
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** pg_advisory_lock key held while one PostgreSQL instance migrates (any fixed number of ours). */
const MIGRATION_LOCK = 7_023_114_901;

/** What migrating reads of a handle (seed/seed-worker.ts passes one of its own, with no more). */
type MigrationTarget = Pick<DbHandle, 'db' | 'kind'> & Partial<DbHandle>;

export async function runMigrations(handle: MigrationTarget, databaseUrl?: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  if (!databaseUrl) throw new Error('runMigrations: the PostgreSQL URL is needed for the migration lock');
  // drizzle's migrator takes no lock: instances starting at once with migrations to apply both ran
  // them and all but one failed. One migrates while the others wait here, then find nothing to do.
  // The lock is the session's, on a connection of its own; ending it releases the lock.
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(handle.db as never, { migrationsFolder });
  } finally {
    await lock.end().catch(() => {});
  }
}
