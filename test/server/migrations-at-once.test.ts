/**
 * Instances that start at once on a database with migrations to apply (a fresh one, or a release
 * that brings new ones): every start succeeds and each migration is applied once. PostgreSQL only;
 * PGlite serves one process (db/data-dir-lock.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDb } from '../../server/db/client';
import { withDatabase } from './constants';

const url = process.env.DATABASE_URL;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.runIf(url)('migrations when instances start at once', () => {
  it('applies each migration once while three instances open a fresh database together', async () => {
    const name = `portal_migrate_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin(`CREATE DATABASE "${name}"`);
    try {
      const databaseUrl = withDatabase(url as string, name);
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDb({ databaseUrl })));
      const handles = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      await Promise.all(handles.map((handle) => handle.close()));
      expect(
        opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'opened')),
      ).toEqual(['opened', 'opened', 'opened']);
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      await client.end();
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 180_000);
});
