/**
 * Seeds the demo database once per test run and hands its location to the tests, which clone it:
 * - PGlite: a data directory (copied per test file; copying beats re-seeding by a minute);
 * - PostgreSQL (when DATABASE_URL is set): a template database, cloned with CREATE DATABASE ... TEMPLATE.
 * The template is reused between runs while the migrations, seed code and day are unchanged.
 * For the server project it also bundles the server as `npm run build` does (server/build.ts), for
 * the tests that start it as a process (`inject('serverEntry')`): the run's own copy, built from the
 * sources under test.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/build';
import { openDb } from '../../server/db/client';
import { seedDemo } from '../../server/seed/index';
import { E2E_TODAY, TEST_SEED, TEST_TODAY, withDatabase } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
    serverEntry: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

function fingerprint(today: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk(join(root, 'server/db'));
  walk(join(root, 'server/seed'));
  hash.update(`${TEST_SEED}:${today}`);
  return hash.digest('hex').slice(0, 12);
}

async function pgliteTemplate(id: string, today: string): Promise<string> {
  const base = join(root, '.test-data');
  const dir = join(base, `template-${id}`);
  if (existsSync(join(dir, 'ready'))) return dir;
  mkdirSync(base, { recursive: true });
  // Templates of older code are removed; several runs at once (or a half-deleted dir) are fine.
  for (const name of readdirSync(base)) {
    if (name.startsWith('template-') && name !== `template-${id}`) {
      try {
        rmSync(join(base, name), { recursive: true, force: true });
      } catch {
        // another run is using or removing it
      }
    }
  }
  // Built under a private name and renamed into place, so a concurrent run never sees half of it.
  const building = join(base, `building-${id}-${process.pid}`);
  mkdirSync(building, { recursive: true });
  const started = Date.now();
  const handle = await openDb({ dataDir: join(building, 'pglite') });
  await seedDemo(handle.db, { seed: TEST_SEED, today });
  await handle.close();
  writeFileSync(join(building, 'ready'), String(Date.now() - started));
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  console.log(`seeded PGlite template in ${Date.now() - started} ms`);
  return dir;
}

/**
 * The template's name carries the DATABASE_URL's own database name, so runs that point at
 * different databases on one server (checkouts side by side, CI beside a developer) keep their
 * own templates: a run replaces only stale templates of its own prefix, never another's in use.
 */
const templatePrefix = (url: string) =>
  `portal_tpl_${(new URL(url).pathname.slice(1) || 'postgres').replace(/[^a-zA-Z0-9]/g, '_').slice(0, 32)}_`;

async function postgresTemplate(url: string, id: string, today: string): Promise<string> {
  const prefix = templatePrefix(url);
  const name = `${prefix}${id}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const existing = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1 ESCAPE '!'", [
      `${prefix.replace(/_/g, '!_')}%`,
    ]);
    if (existing.rows.some((r) => r.datname === name)) {
      const ready = await admin.query(
        "SELECT 1 FROM pg_database d WHERE d.datname = $1 AND shobj_description(d.oid, 'pg_database') = 'ready'",
        [name],
      );
      if (ready.rowCount) return name;
    }
    for (const row of existing.rows)
      await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const started = Date.now();
  const handle = await openDb({ databaseUrl: withDatabase(url, name) });
  await seedDemo(handle.db, { seed: TEST_SEED, today });
  await handle.close();
  const marker = new pg.Client({ connectionString: url });
  await marker.connect();
  await marker.query(`COMMENT ON DATABASE "${name}" IS 'ready'`);
  await marker.end();
  console.log(`seeded PostgreSQL template in ${Date.now() - started} ms`);
  return name;
}

export default async function setup(project: TestProject) {
  // The server tests' data is pinned to TEST_TODAY; the browser tests' reaches the real day.
  const e2e = project.name.startsWith('e2e');
  const today = e2e ? E2E_TODAY : TEST_TODAY;
  // The workers start after this and inherit it: one day for the whole run (constants.ts).
  if (e2e) process.env.E2E_TODAY = E2E_TODAY;
  const id = fingerprint(today);
  // The e2e project shares this setup but runs `npm run build`'s own bundle (test/e2e/fixture.ts).
  const bundle = project.name.startsWith('server')
    ? join(root, '.test-data', `server-build-${process.pid}`)
    : null;
  if (bundle) {
    await buildServer(bundle);
    project.provide('serverEntry', join(bundle, 'main.js'));
  }
  project.provide('pgliteTemplate', await pgliteTemplate(id, today));
  const url = process.env.DATABASE_URL;
  project.provide('pgTemplate', url ? await postgresTemplate(url, id, today) : null);
  return () => {
    if (bundle) rmSync(bundle, { recursive: true, force: true });
  };
}
