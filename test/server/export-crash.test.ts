/**
 * Work that survives a crash (issue 15): the real server process (server/main.ts, bundled as `npm run build` does) is killed with
 * SIGKILL while it writes a large export; the database then shows the export pending and its job
 * running under the dead process's lease. Started again on the same data, the server takes the job
 * over once the lease runs out, finishes the file and the user gets the 'download' notification
 * whose link serves the whole CSV.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, watch } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { jobs } from '../../server/db/schema/jobs';
import { dataExports } from '../../server/db/schema/toolbar';
import { DEMO_PASSWORD } from '../../server/seed/people';

const root = resolve(import.meta.dirname, '../..');
const dataDir = join(root, '.test-data', `crash-${process.pid}-${Date.now()}`);
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(port: number): Promise<{ proc: ChildProcess; exited: Promise<void> }> {
  const proc = spawn(process.execPath, [inject('serverEntry')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      DATABASE_URL: '',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      // A dead instance's job is taken over after this long without a renewal.
      JOB_LEASE_MS: '2000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = proc;
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error('server exited while starting');
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/notifications`).catch(() => null);
    if (up?.status === 401) return { proc, exited };
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server did not start');
}

/** Many more leads for the owner, so the export takes seconds to write (time to kill it). */
async function inflateOwnerLeads(copies: number) {
  const handle = await openDb({ dataDir: join(dataDir, 'pglite') });
  const { rows } = (await handle.db.execute(
    sql`select string_agg(quote_ident(column_name), ',') as cols from information_schema.columns
        where table_name = 'leads' and column_name not in ('id', 'ref_id')`,
  )) as unknown as { rows: { cols: string }[] };
  const cols = sql.raw(rows[0].cols);
  await handle.db.execute(sql`
    insert into leads (ref_id, ${cols})
    select l.ref_id || '-copy-' || g, ${sql.raw(
      rows[0].cols
        .split(',')
        .map((c) => `l.${c}`)
        .join(','),
    )}
    from leads l join accounts a on a.id = l.account_id join users u on u.organization_id = a.organization_id,
      generate_series(1, ${copies}) g
    where u.email = 'owner@demo.test'`);
  await handle.close();
}

it('finishes an export after the server was killed in the middle of it', async () => {
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  await inflateOwnerLeads(8);
  mkdirSync(join(dataDir, 'exports'), { recursive: true });
  const port = await freePort();
  const api = (path: string) => `http://127.0.0.1:${port}/api/v1${path}`;
  const signIn = async () => {
    const res = await fetch(api('/client/create_session'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD }),
    });
    const body = (await res.json()) as { token: string; user_id: number };
    return { 'x-auth-token': body.token, 'x-user-id': String(body.user_id) };
  };

  let server = await startServer(port);
  let headers = await signIn();
  // Killed the moment the export's file appears: the job is then certainly mid-write.
  const fileStarted = new Promise<void>((done) => {
    const watcher = watch(join(dataDir, 'exports'), () => {
      server.proc.kill('SIGKILL');
      watcher.close();
      done();
    });
  });
  const res = await fetch(api('/leads/export'), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ start_date: '2020-01-01', end_date: '2026-11-20' }),
  });
  const answer = (await res.json()) as { action: string; export_id: number };
  expect(answer.action).toBe('wait');
  await fileStarted;
  await server.exited;

  // What the crash left: the export pending, its job leased by the dead process.
  const handle = await openDb({ dataDir: join(dataDir, 'pglite') });
  const [row] = await handle.db.select().from(dataExports).where(eq(dataExports.id, answer.export_id));
  const [job] = await handle.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, `export:${answer.export_id}`));
  await handle.close();
  expect(row).toMatchObject({ status: 'pending', notification_id: null });
  expect(job).toMatchObject({ kind: 'export', status: 'running', attempts: 1 });

  server = await startServer(port);
  headers = await signIn();
  const deadline = Date.now() + 60_000;
  let note: { action: string; id: number } | undefined;
  while (!note && Date.now() < deadline) {
    const res = await fetch(api('/notifications'), { headers });
    // A server just started on a loaded machine may shed a request (503): ask again.
    const list = res.ok
      ? ((await res.json()) as { notifications: { action: string; id: number; index: string }[] })
      : { notifications: [] };
    note = list.notifications.find((n) => n.action === 'download' && n.id === answer.export_id);
    if (!note) await new Promise((r) => setTimeout(r, 250));
  }
  expect(note).toMatchObject({ action: 'download', index: 'export', id: answer.export_id });
  const link = (await (
    await fetch(api(`/notifications/export/${answer.export_id}`), { headers })
  ).json()) as {
    export_file_url: string;
  };
  const csv = await (await fetch(`http://127.0.0.1:${port}${link.export_file_url}`)).text();
  const lines = csv.trim().split('\r\n');
  expect(lines.length).toBeGreaterThan(8 * 100);
  server.proc.kill('SIGTERM');
  await server.exited;
}, 180_000);
