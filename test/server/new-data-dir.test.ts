/**
 * A first start on the embedded database (server/seed/new-data-dir.ts): the new directory is
 * built in a worker thread that then ends, under the directory's lock, and the server opens the
 * finished directory fresh, with the serving buffer pool (db/pglite-worker.ts).
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { DataDirLocked, lockDataDir } from '../../server/db/data-dir-lock';
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

const rows = async <T>(handle: Awaited<ReturnType<typeof openDb>>, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

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

  it('is seeded in a worker under its lock, then opened fresh with the serving buffer pool', async () => {
    const dir = join(scratch(), 'pglite');
    const building = seedNewDataDir(dir, { seed: TEST_SEED, today: TEST_TODAY }, () =>
      openDb({ dataDir: dir }),
    );
    // The lock is taken before the worker opens the directory, and kept until openDb has it.
    expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
    const { customers, opened: handle } = await building;
    try {
      expect(customers?.map((c) => c.email)).toContain('franchise@demo.test');
      expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
      const [users] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from users`);
      expect(users.n).toBe(customers?.length);
      const [leads] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from leads`);
      expect(leads.n).toBeGreaterThan(10_000);
      const [pool] = await rows<{ shared_buffers: string }>(handle, sql`show shared_buffers`);
      expect(pool.shared_buffers).toBe('16MB');
    } finally {
      await handle.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 300_000);
});
