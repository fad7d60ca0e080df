/**
 * Test apps over a private copy of the seeded demo database, on PGlite and (when DATABASE_URL is
 * set) on PostgreSQL. Requests go through `app.inject`, the real routing and hooks, no port.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Db, type DbHandle, openDb, rowsOf } from '../../server/db/client';
import { becomeSecret, signBecome } from '../../server/domain/auth/become';
import { DEMO_PASSWORD, STAFF_EMAIL } from '../../server/seed/people';
import { withDatabase } from './constants';

export type DbKind = 'pglite' | 'postgres';
export const dbKinds: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  handle: DbHandle;
  db: Db;
  config: Config;
  kind: DbKind;
  close: () => Promise<void>;
};

/** `shareWith`: a second instance on the same database (PostgreSQL), as behind a load balancer. */
export async function startApp(
  kind: DbKind,
  overrides: Partial<Config> = {},
  shareWith?: TestApp,
): Promise<TestApp> {
  const runDir = join(inject('pgliteTemplate'), '..', `run-${randomUUID().slice(0, 8)}`);
  mkdirSync(runDir, { recursive: true });
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (shareWith) {
    databaseUrl = shareWith.config.databaseUrl;
  } else if (kind === 'pglite') {
    cpSync(join(inject('pgliteTemplate'), 'pglite'), join(runDir, 'pglite'), { recursive: true });
  } else {
    const url = process.env.DATABASE_URL as string;
    const name = `portal_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    databaseUrl = withDatabase(url, name);
    dropDatabase = () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const config: Config = {
    ...loadConfig({}),
    dataDir: runDir,
    databaseUrl,
    distDir: join(runDir, 'no-dist'),
    simulator: false,
    devTools: true,
    ...overrides,
  };
  const handle = await openDb({ databaseUrl, dataDir: join(runDir, 'pglite') });
  // Every JSON 2xx answer is checked against its route's contract: a mismatch fails the request.
  const app = await buildApp({ config, handle, logger: false, checkResponses: true });
  await app.ready();
  return {
    app,
    handle,
    db: handle.db,
    config,
    kind,
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
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

export type Session = { token: string; user_id: number; headers: Record<string, string> };

export async function signIn(
  t: TestApp,
  email: string,
  password = DEMO_PASSWORD,
  ip = '10.1.1.1',
): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/client/create_session',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user_id: number };
  return {
    token: body.token,
    user_id: body.user_id,
    headers: { 'x-auth-token': body.token, 'x-user-id': String(body.user_id) },
  };
}

/** Staff impersonating `email` through a one-time /become link: the session's headers. */
export async function becomeStaff(t: TestApp, email: string): Promise<Session> {
  const ed = signBecome(becomeSecret(t.config), STAFF_EMAIL, email);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/client/become', payload: { ed, email } });
  if (res.statusCode !== 200) throw new Error(`become failed for ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user_id: number; impersonate_id: number };
  return {
    token: body.token,
    user_id: body.user_id,
    headers: {
      'x-auth-token': body.token,
      'x-user-id': String(body.user_id),
      'x-impersonate-id': String(body.impersonate_id),
    },
  };
}

/** The seeded customer with the most locations (the franchise). */
export async function franchiseId(db: Db): Promise<number> {
  const [org] = await rowsOf<{ organization_id: number }>(
    db,
    sql`select organization_id from accounts group by 1 order by count(*) desc limit 1`,
  );
  return org.organization_id;
}

/** The UTC day (YYYY-MM-DD) of the newest seeded lead. */
export async function newestLeadDay(db: Db): Promise<string> {
  const [newest] = await rowsOf<{ day: string }>(
    db,
    sql`select to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD') as day from leads`,
  );
  return newest.day;
}

/** The set-password link of a reset or welcome mail: its token (`code`) and user id. */
export function resetLinkIn(body: string): { code: string; user_id: number } {
  const query = new URLSearchParams(/\/login\?(\S+)/.exec(body)?.[1] ?? '');
  const code = query.get('code');
  if (!code) throw new Error(`no set-password link in the mail: ${body}`);
  return { code, user_id: Number(query.get('user_id')) };
}

/** Polls `probe` every 100 ms until it answers something truthy (a job's outcome, a live effect). */
export async function until<T>(probe: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
