/**
 * A first start on the embedded database (server/seed/new-data-dir.ts): the new directory is
 * built in a child process that then exits, under the directory's lock, and the server opens the
 * finished directory fresh, with the serving buffer pool (db/pglite-worker.ts).
 *
 * The worker's bulk inserts go in by COPY (server/seed/business/copy.ts), the test template's
 * (global-setup.ts, same seed and day) as jsonb: both must hold the same rows, table by table.
 * From the bundle the worker starts from a migrated empty database (server/seed/empty-database.ts).
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type DbHandle, migrationsFolder, openDb, runMigrations } from '../../server/db/client';
import { DataDirLocked, lockDataDir } from '../../server/db/data-dir-lock';
import { bulkInsert } from '../../server/seed/business/bulk';
import { insertByCopy } from '../../server/seed/business/copy';
import { EMPTY_DATABASE, readEmptyDatabase, writeEmptyDatabase } from '../../server/seed/empty-database';
import { isNewDataDir, seedNewDataDir } from '../../server/seed/new-data-dir';
import { TEST_SEED, TEST_TODAY } from './constants';

const dirs: string[] = [];

function scratch(): string {
  const dir = join(inject('pgliteTemplate'), '..', `new-${randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const rows = async <T>(handle: DbHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Whether a directory the seed left holds no users (its seed ran in one transaction). */
async function hasNoUsers(dir: string): Promise<boolean> {
  const handle = await openDb({ dataDir: dir, worker: false });
  try {
    const [users] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from users`);
    return users.n === 0;
  } finally {
    await handle.close();
  }
}

/** A copy of the test template (seeded by bulkInsert's jsonb way), its PGlite in this thread. */
async function openTemplateCopy(): Promise<DbHandle> {
  const dir = join(scratch(), 'pglite');
  cpSync(join(inject('pgliteTemplate'), 'pglite'), dir, { recursive: true });
  return openDb({ dataDir: dir, worker: false });
}

/**
 * Every public table's rows (count and md5) and every sequence's position. Two values are not
 * the seed's to decide and are masked: the seed transaction's now() (column defaults) and the
 * demo password's hash (a random salt).
 */
async function contents(handle: DbHandle): Promise<Record<string, string>> {
  const [mask] = await rows<{ now: string; hash: string }>(
    handle,
    sql`select created_at::text as now, password_hash as hash from users order by id limit 1`,
  );
  const tables = await rows<{ name: string }>(
    handle,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const found: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number; h: string | null }>(
      handle,
      sql`select count(*)::int as n, md5(string_agg(r, '|' order by r)) as h
          from (select replace(replace(t::text, ${mask.now}, 'NOW'), ${mask.hash}, 'HASH') as r
                from ${sql.identifier(name)} t) x`,
    );
    found[name] = `${row.n}:${row.h}`;
  }
  const sequences = await rows<{ name: string }>(
    handle,
    sql`select sequencename as name from pg_sequences where schemaname = 'public'`,
  );
  for (const { name } of sequences) {
    const [state] = await rows<{ value: string; called: boolean }>(
      handle,
      sql`select last_value::text as value, is_called as called from ${sql.identifier(name)}`,
    );
    found[`sequence ${name}`] = `${state.value}:${state.called}`;
  }
  return found;
}

/** A table of every kind of value bulkInsert may meet, under two names (COPY and jsonb). */
const probe = (name: string) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    label: text('label'),
    doc: jsonb('doc'),
    tags: text('tags').array(),
    counts: integer('counts').array(),
    flag: boolean('flag'),
    day: date('day', { mode: 'string' }),
    at: timestamp('at', { withTimezone: true }),
    big: bigint('big', { mode: 'number' }),
    ratio: doublePrecision('ratio'),
  });
const probeByCopy = probe('copy_probe_copy');
const probeByJsonb = probe('copy_probe_jsonb');
const PROBE_ROWS: (typeof probeByCopy.$inferInsert)[] = [
  {
    id: 1,
    label: 'a "quoted", comma\nand a new line\r\nand \\ back\\slash \\N',
    doc: { a: [1, 'x', null], 'b,"c"': { d: 'line\nbreak' } },
    // NULL elements too, which drizzle's types leave out.
    tags: ['x,y', 'q"uote', '', null as never, 'back\\slash', 'NULL', '{braces}', ' spaced '],
    counts: [1, null as never, -3],
    flag: true,
    day: '2026-11-20',
    at: new Date('2026-11-20T10:11:12.345Z'),
    big: 9_007_199_254_740_991,
    ratio: 0.1 + 0.2,
  },
  {
    id: 2,
    label: '',
    doc: 'a jsonb string',
    tags: [],
    counts: [],
    flag: false,
    day: '1999-12-31',
    at: '2026-11-20T10:11:12.345+02:00' as unknown as Date,
    big: -1,
    ratio: 1e-7,
  },
  {
    id: 3,
    label: null,
    doc: null,
    tags: null,
    counts: null,
    flag: null,
    day: null,
    at: null,
    big: null,
    ratio: null,
  },
  {
    id: 4,
    label: 'NULL',
    doc: [],
    tags: ['"'],
    counts: [0],
    flag: true,
    day: '2024-02-29',
    at: null,
    big: 0,
    ratio: -0,
  },
];

describe('a new embedded database', () => {
  it('counts as new until PGlite initialised it', () => {
    const empty = join(scratch(), 'pglite');
    expect(isNewDataDir(empty)).toBe(true);
    mkdirSync(empty);
    expect(isNewDataDir(empty)).toBe(true);
    const seeded = join(scratch(), 'pglite');
    cpSync(join(inject('pgliteTemplate'), 'pglite'), seeded, { recursive: true });
    expect(isNewDataDir(seeded)).toBe(false);
  });

  it('is seeded in a process of its own under its lock, then opened fresh with the serving buffer pool', async () => {
    const dir = join(scratch(), 'pglite');
    const building = seedNewDataDir(dir, { seed: TEST_SEED, today: TEST_TODAY }, () =>
      openDb({ dataDir: dir }),
    );
    // The lock is taken before the seed opens the directory, and kept until openDb has it.
    expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
    const { customers, seededBy, opened: handle } = await building;
    try {
      // Another process grew the seed's memory, and gave it back to the system when it exited.
      expect(seededBy).toBeGreaterThan(0);
      expect(seededBy).not.toBe(process.pid);
      expect(() => process.kill(seededBy, 0)).toThrow();
      expect(customers?.map((c) => c.email)).toContain('franchise@demo.test');
      expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
      const [users] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from users`);
      expect(users.n).toBe(customers?.length);
      const [leads] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from leads`);
      expect(leads.n).toBeGreaterThan(10_000);
      const [pool] = await rows<{ shared_buffers: string }>(handle, sql`show shared_buffers`);
      expect(pool.shared_buffers).toBe('16MB');
      // The seed's COPY gave the rows the template's jsonb gave, table by table.
      const template = await openTemplateCopy();
      try {
        const expected = await contents(template);
        expect(Object.keys(expected).length).toBeGreaterThan(60);
        expect(await contents(handle)).toEqual(expected);
      } finally {
        await template.close();
      }
    } finally {
      await handle.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 300_000);

  it("fails with the seed's error and releases the lock, leaving no demo data behind", async () => {
    const dir = join(scratch(), 'pglite');
    const opened = { count: 0 };
    await expect(
      seedNewDataDir(dir, { seed: TEST_SEED, today: 'not-a-day' }, async () => {
        opened.count += 1;
      }),
    ).rejects.toThrow(/Invalid time value/);
    expect(opened.count).toBe(0);
    lockDataDir(dir)();
    expect(isNewDataDir(dir) || (await hasNoUsers(dir))).toBe(true);
  }, 120_000);

  it('takes every kind of value in by COPY as bulkInsert takes it in as jsonb', async () => {
    const handle = await openTemplateCopy();
    try {
      for (const table of ['copy_probe_copy', 'copy_probe_jsonb'])
        await handle.db.execute(
          sql.raw(`create table ${table} (id integer primary key, label text, doc jsonb, tags text[],
            counts integer[], flag boolean, day date, at timestamptz, big bigint, ratio double precision)`),
        );
      await bulkInsert(handle.db, probeByJsonb, PROBE_ROWS);
      insertByCopy(true);
      try {
        // In a transaction, as the seed's inserts are, and in chunks of one row.
        await handle.db.transaction((tx) => bulkInsert(tx as never, probeByCopy, PROBE_ROWS, 1));
      } finally {
        insertByCopy(false);
      }
      const read = (table: string) =>
        rows<{ id: number; row: string }>(
          handle,
          sql.raw(`select id, t::text as row from ${table} t order by id`),
        );
      const copied = await read('copy_probe_copy');
      expect(copied).toEqual(await read('copy_probe_jsonb'));
      expect(copied.length).toBe(PROBE_ROWS.length);
      const [first] = await handle.db.select().from(probeByCopy).where(sql`id = 1`);
      expect(first.label).toBe(PROBE_ROWS[0].label);
      expect(first.doc).toEqual(PROBE_ROWS[0].doc);
      expect(first.tags).toEqual(PROBE_ROWS[0].tags);
      const [second] = await handle.db.select().from(probeByCopy).where(sql`id = 2`);
      expect(second.label).toBe('');
      expect(second.doc).toBe('a jsonb string');
    } finally {
      await handle.close();
    }
  }, 120_000);

  it("gets `npm run build`'s empty database migrated already: the migrations find nothing to do", async () => {
    const file = join(scratch(), EMPTY_DATABASE);
    await writeEmptyDatabase(file, migrationsFolder);
    const handle = await openDb({
      dataDir: join(scratch(), 'pglite'),
      loadDataDir: readEmptyDatabase(pathToFileURL(file)),
      migrate: false,
    });
    try {
      const applied = async () =>
        (
          await rows<{ n: number }>(handle, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
        )[0].n;
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
      expect(await applied()).toBe(journal.entries.length);
      await runMigrations(handle);
      expect(await applied()).toBe(journal.entries.length);
      const [users] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from users`);
      expect(users.n).toBe(0);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
