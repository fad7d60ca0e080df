/**
 * A production start never brings the demo accounts (issue 29, item 2): the real server process
 * (server/main.ts) under NODE_ENV=production over an empty database (embedded, and PostgreSQL
 * when DATABASE_URL is set) starts with no users at all, so the README's demo password signs
 * nobody in; over a database that holds demo accounts with the demo password it refuses to start,
 * naming them; once they have other passwords it starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { hash } from '@node-rs/argon2';
import { count, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/client';
import { users } from '../../server/db/schema/identity';
import { accountsWithDemoPassword, seedOnStart } from '../../server/seed/index';
import { DEMO_PASSWORD } from '../../server/seed/people';
import { withDatabase } from './constants';
import { dbKinds, startApp } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const runs: string[] = [];
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of runs) rmSync(dir, { recursive: true, force: true });
});

function runDir(): string {
  const dir = join(root, '.test-data', `prod-start-${process.pid}-${randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  runs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Started =
  | { ok: true; port: number; stop: () => Promise<void> }
  | { ok: false; code: number; stderr: string };

/** Starts the bundled server/main.ts (global-setup.ts); answers once it listens, or once it has exited. */
async function startProduction(dataDir: string, databaseUrl = ''): Promise<Started> {
  const port = await freePort();
  const proc = spawn(process.execPath, [inject('serverEntry')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'Production ',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      DATABASE_URL: databaseUrl,
      BECOME_SECRET: 'test-become-secret-for-production-start',
      SIGNUP_API_TOKEN: 'test-signup-api-token-for-production-start-0123456789',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(proc);
  let stderr = '';
  proc.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<number>((done) => proc.once('exit', (code) => done(code ?? -1)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) return { ok: false, code: await exited, stderr };
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/notifications`).catch(() => null);
    if (up?.status === 401) {
      return {
        ok: true,
        port,
        stop: async () => {
          proc.kill('SIGTERM');
          await exited;
          children.delete(proc);
        },
      };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${stderr}`);
}

async function signInStatus(port: number, email: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/client/create_session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return res.status;
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.each(dbKinds)('a production start on %s', (kind) => {
  it('over an empty database creates no demo accounts: the demo password signs nobody in', async () => {
    const dir = runDir();
    let databaseUrl = '';
    const url = process.env.DATABASE_URL;
    let drop = async () => {};
    if (kind === 'postgres' && url) {
      const name = `portal_prod_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      await adminQuery(url, `CREATE DATABASE "${name}"`);
      databaseUrl = withDatabase(url, name);
      drop = () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
    try {
      const started = await startProduction(dir, databaseUrl);
      if (!started.ok) throw new Error(`exited ${started.code}: ${started.stderr}`);
      for (const email of ['owner@demo.test', 'directories@demo.test'])
        expect(await signInStatus(started.port, email), email).not.toBe(200);
      await started.stop();
      const handle = await openDb({ databaseUrl: databaseUrl || undefined, dataDir: join(dir, 'pglite') });
      const [row] = await handle.db.select({ n: count() }).from(users);
      await handle.close();
      expect(row.n).toBe(0);
    } finally {
      await drop();
    }
  }, 240_000);
});

describe('a production start over demo accounts', () => {
  it('stops with a message naming the accounts that keep the demo password', async () => {
    const dir = runDir();
    cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dir, 'pglite'), { recursive: true });
    const started = await startProduction(dir);
    if (started.ok) await started.stop();
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.code).toBe(2);
    expect(started.stderr).toMatch(
      /Configuration error: This database holds demo accounts .*owner@demo\.test/,
    );
    expect(started.stderr).toMatch(/NODE_ENV=production/);
    expect(started.stderr).not.toMatch(/\n\s+at /);
  }, 240_000);

  it.each(dbKinds)(
    'starts once every demo account has another password (%s)',
    async (kind) => {
      const t = await startApp(kind);
      try {
        const production = { ...loadConfig({ NODE_ENV: 'production' }), databaseUrl: t.config.databaseUrl };
        await expect(seedOnStart(t.db, production)).rejects.toThrow(/demo accounts .*owner@demo\.test/);
        const other = await hash('Another-password-9!');
        await t.db.update(users).set({ password_hash: other }).where(eq(users.email, 'owner@demo.test'));
        const left = await accountsWithDemoPassword(t.db);
        expect(left).not.toContain('owner@demo.test');
        expect(left.length).toBeGreaterThan(0);
        await expect(seedOnStart(t.db, production)).rejects.toThrow(/demo accounts/);
        await t.db.update(users).set({ password_hash: other }).where(like(users.email, '%@demo.test'));
        await expect(seedOnStart(t.db, production)).resolves.toBeNull();
        // Outside production the same database starts as it is (the demo on PostgreSQL, say).
        await t.db
          .update(users)
          .set({ password_hash: await hash(DEMO_PASSWORD) })
          .where(like(users.email, '%@demo.test'));
        await expect(
          seedOnStart(t.db, { ...production, nodeEnv: 'development', seedDemo: true }),
        ).resolves.toBeNull();
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});
