/**
 * `npm run bench`: prints figures, never fails on wall-clock time (the machine is shared).
 *
 * For PGlite, and for PostgreSQL when it is reachable (DATABASE_URL, or 127.0.0.1:5432 as postgres):
 * - fresh start: empty database to first answered request (migrations + demo seed included), then
 *   to the sign-in page and a signed-in first screen answering, and the server's idle memory
 *   (start.ts);
 * - restart: the same on the same database;
 * - p50/p99 latency and throughput under autocannon load of GET /user/settings and of the leads
 *   list query (POST /leads): one query repeated (its page is then held in memory), and a query
 *   never asked before on every request (nothing held); and a year's report loaded together with
 *   settings (does a cheap answer wait behind a report's statements?);
 * each beside a bare-Fastify baseline loaded the same way in the same run (baseline.ts), as a
 * ratio with its budget (issue 17); then, with the production build and Chromium: leads
 * filter-keystroke-to-paint with 10,000 leads cached on the device (leads-paint.ts, on PGlite),
 * issue 17's transfer and browser figures with their budgets (speed-*.ts), the build's load shape
 * (load-shape.ts: scripts before first content, where the charts' code comes), Lighthouse on /login
 * and every dashboard screen of two demo accounts (lighthouse.ts) and the offline core's figures
 * (offline.ts, with the offline reload per screen, offline-screens.ts) and the storage a day of
 * use takes on the device (offline-storage.ts); and the leads reads as the data grows 10x and
 * 100x (scale.ts).
 *
 * BENCH_BROWSER=off, BENCH_LIGHTHOUSE=off, BENCH_POSTGRES=off, BENCH_OFFLINE=off and BENCH_SCALE=off leave
 * parts out; BENCH_SCALES=1,10 sets the sizes (default 1,10 on PGlite, 1,10,100 on PostgreSQL).
 * BENCH_LH_RUNS=<n> (default 3), BENCH_LH_SCREENS=a,b and BENCH_OFFLINE_SCREENS=a,b (paths containing
 * one of the parts) and BENCH_LH_ACCOUNTS=a,b (accounts containing one) narrow the per-screen
 * figures. BENCH_PORT=<n> moves the ports (default 18181..18282).
 * BENCH_ROOT=<a checkout> runs that checkout's server and build instead (for before/after figures
 * from the same machine in the same session); the bench code is always this one.
 * BENCH_BEFORE_ROOT=<a checkout of the build before, built> adds, after the Lighthouse survey, each
 * screen's median LCP before and after, run by turns (lighthouse.ts `compareFigures`).
 * BENCH_ONLY=offline-screens prints the offline reload per screen and nothing else; BENCH_ONLY=drain
 * the replay of 500 queued writes (BENCH_DRAIN_RUNS runs of the app's drain, their spread); BENCH_ONLY=start
 * prints the fresh start and the restart (time to first screen, memory) of each database and nothing
 * else (under a minute on a quiet machine here).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { BASELINE_PATH } from './baseline';
import { figure } from './budget';
import { leadsPaint } from './leads-paint';
import { compareFigures, lighthouseFigures } from './lighthouse';
import { loadShapeFigures } from './load-shape';
import { benchDrain, benchOffline, benchOfflineScreens } from './offline';
import { benchOfflineStorage } from './offline-storage';
import { benchOverview } from './overview';
import { benchPerformance, chartRouteSizes } from './performance';
import { benchScale } from './scale';
import { browserFigures } from './speed-browser';
import { buildFigures } from './speed-build';
import { startLines } from './start';

const here = resolve(import.meta.dirname, '../..');
const root = process.env.BENCH_ROOT ? resolve(process.env.BENCH_ROOT) : here;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** BENCH_PORT moves every port the bench listens on (several checkouts benched at once). */
const port = Number(process.env.BENCH_PORT ?? 18181);
/** BENCH_ONLY=start: each database's fresh start and restart, nothing after them. */
const START_ONLY = process.env.BENCH_ONLY === 'start';

type Server = { child: ChildProcess; url: string };

async function start(
  env: Record<string, string>,
  port: number,
  cwd = root,
): Promise<{ server: Server; ms: number }> {
  if (!existsSync(join(cwd, 'dist-server', 'main.js')))
    throw new Error('No server build: run `npm run build` before the bench.');
  const started = performance.now();
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${url}/api/v1/notifications`)).status === 401) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { server: { child, url }, ms: performance.now() - started };
}

const serverOf = ({ server }: { server: Server }) => ({ pid: server.child.pid, url: server.url });

const stop = (server: Server) =>
  new Promise<void>((done) => {
    server.child.once('exit', () => done());
    server.child.kill('SIGTERM');
  });

type Load = { p50: number; p99: number; rps: number; text: string };

type Init = {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** A body per request (autocannon's setupRequest): the n-th request of the run gets body(n). */
  bodies?: (n: number) => string;
};

async function load(url: string, path: string, { bodies, ...init }: Init): Promise<Load> {
  let sent = 0;
  const requests = bodies
    ? [{ method: init.method, setupRequest: (request: object) => ({ ...request, body: bodies(sent++) }) }]
    : undefined;
  const result = await autocannon({
    url: `${url}${path}`,
    connections: 10,
    duration: seconds,
    ...init,
    ...(requests ? { requests } : {}),
  });
  const failed = result.non2xx ? `  (${result.non2xx} of ${result.requests.total} answers not 2xx)` : '';
  const rps = result.requests.average;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps,
    text: `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${Math.round(rps)} req/s${failed}`,
  };
}

/** Bare Fastify under the same load, in this run: the yardstick of the ratios. */
async function baseline(port: number): Promise<Load> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/baseline.ts', String(port)], {
    cwd: here,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('baseline exited during start');
    try {
      if ((await fetch(`${url}${BASELINE_PATH}`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await load(url, BASELINE_PATH, { headers: {} });
  } finally {
    await stop({ child, url });
  }
}

/** The n-th of a run of leads queries that never repeat: a month-or-longer range from a day of
 *  2025, its length growing each time the start days come round again. */
function freshLeadsBody(n: number) {
  const day = 86_400_000;
  const start = Date.UTC(2025, 0, 1) + (n % 300) * day;
  const end = start + (30 + Math.floor(n / 300)) * day;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return JSON.stringify({
    page: 1,
    per_page: 20,
    order_by: 'created_at',
    order: 'desc',
    start_date: iso(start),
    end_date: iso(end),
  });
}

/** Budgets of issue 17: on PostgreSQL times bare Fastify; on PGlite double the req/s. */
const BUDGETS = {
  PostgreSQL: { settings: { ratio: 10 }, leads: { ratio: 30 } },
  PGlite: { settings: { rps: 260 }, leads: { rps: 166 } },
} as const;

function ratioLines(label: 'PGlite' | 'PostgreSQL', name: 'settings' | 'leads', run: Load, bare: Load) {
  const budget = BUDGETS[label][name];
  const ratio = bare.rps / Math.max(run.rps, 1);
  return [
    figure(
      `  ${name}: times slower than bare Fastify`,
      ratio,
      'x',
      'ratio' in budget ? { max: budget.ratio } : null,
    ),
    figure(`  ${name}: throughput`, run.rps, 'req/s', 'rps' in budget ? { min: budget.rps } : null),
  ].join('\n');
}

async function benchDatabase(
  label: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  port: number,
  paint = false,
) {
  console.log(`\n${label}`);
  console.log(
    '  started as `npm run serve` does (node dist-server/main.js, the server `npm run build` bundles);',
  );
  console.log('  fresh: an empty DATA_DIR or database, migrated and seeded; restart: the same data again');
  // Issue 26's budgets: a fresh start to the first screen under 15 s, PGlite's server under 350 MB.
  const budgets = label === 'PGlite' ? { screenS: 15, rssMb: 350 } : { screenS: 15 };
  const cold = await start(env, port);
  try {
    console.log((await startLines('fresh start', serverOf(cold), cold.ms, budgets)).join('\n'));
  } finally {
    await stop(cold.server);
  }
  const warm = await start(env, port);
  const { url } = warm.server;
  // A figure that throws still stops this server (it would hold the port for the next run).
  try {
    console.log((await startLines('restart', serverOf(warm), warm.ms, { rssMb: budgets.rssMb })).join('\n'));
    if (START_ONLY) return;
    const login = await fetch(`${url}/api/v1/client/create_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'franchise@demo.test', password: 'Portal-demo-1!' }),
    });
    const session = (await login.json()) as { token: string; user_id: number };
    const headers = {
      'x-auth-token': session.token,
      'x-user-id': String(session.user_id),
      'content-type': 'application/json',
    };
    const bare = await baseline(port + 100);
    console.log(`  bare Fastify (baseline)   ${bare.text}`);
    const settings = await load(url, '/api/v1/user/settings', { headers });
    console.log(`  GET /user/settings        ${settings.text}`);
    console.log(ratioLines(label, 'settings', settings, bare));
    const leadsBody = JSON.stringify({ page: 1, per_page: 20, order_by: 'created_at', order: 'desc' });
    const leads = await load(url, '/api/v1/leads', { method: 'POST', headers, body: leadsBody });
    console.log(`  POST /leads (franchise)   ${leads.text}`);
    console.log(ratioLines(label, 'leads', leads, bare));
    // The figure above repeats one query, whose page is held in memory after the first answer
    // (lib/version-cache.ts); this one asks for a date range not asked before, every time.
    const fresh = await load(url, '/api/v1/leads', { method: 'POST', headers, bodies: freshLeadsBody });
    console.log(`  POST /leads, nothing held ${fresh.text}`);
    await benchPerformance(url, headers, async (...args) => (await load(...args)).text);
    await mixedLoad(url, headers);
    // From the build on disk, whatever the database: printed once, with or without the browser.
    if (label === 'PGlite') console.log(chartRouteSizes().join('\n'));
    console.log(await benchOverview(url, seconds));
    if (paint) {
      if (existsSync(join(root, 'dist', 'index.html'))) {
        // A figure that fails says so; the figures after it still print.
        console.log(
          await leadsPaint(url).then(
            (lines) => lines.join('\n'),
            (error: unknown) => `  leads keystroke-to-paint: failed (${String(error).split('\n')[0]})`,
          ),
        );
        await speedFigures(url);
      } else console.log('  leads keystroke-to-paint: skipped, no production build (run `npm run build`)');
    }
  } finally {
    await stop(warm.server);
  }
}

/** A year's report and settings loaded at once (4 connections each): does a cheap answer wait
 *  behind the report's statements? (On PGlite, the reason it runs in a worker thread.) */
async function mixedLoad(url: string, headers: Record<string, string>) {
  const at = (path: string) =>
    autocannon({ url: `${url}${path}`, connections: 4, duration: seconds, headers });
  const [report, settings] = await Promise.all([
    at('/api/v1/performance/ppc/clicks_impressions?start_date=2025-11-21&end_date=2026-11-20'),
    at('/api/v1/user/settings'),
  ]);
  const text = (r: autocannon.Result) =>
    `p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(r.requests.average)} req/s`;
  console.log(`  at once: clicks_impressions (year)  ${text(report)}`);
  console.log(`           GET /user/settings          ${text(settings)}`);
}

/** Issue 17's transfer, browser and Lighthouse figures, on the running server. */
async function speedFigures(url: string) {
  const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
    (path) => path && existsSync(path),
  );
  if (!executablePath) return console.log('  (speed figures skipped: no Chromium; set CHROME_PATH)');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    console.log((await buildFigures(browser, url, join(root, 'dist'))).join('\n'));
    console.log((await browserFigures(browser, url)).join('\n'));
    console.log((await loadShapeFigures(browser, url)).join('\n'));
  } finally {
    await browser.close();
  }
  if (process.env.BENCH_LIGHTHOUSE !== 'off') await lighthouseFigures(executablePath, url, console.log);
  if (process.env.BENCH_LIGHTHOUSE !== 'off' && process.env.BENCH_BEFORE_ROOT)
    await compare(executablePath, url);
}

/** BENCH_BEFORE_ROOT=<checkout>: its server on a data directory of its own, LCP by turns with this one. */
async function compare(executablePath: string, url: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-before-'));
  try {
    const before = await start(
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      port + 50,
      resolve(process.env.BENCH_BEFORE_ROOT ?? ''),
    );
    try {
      await compareFigures(executablePath, before.server.url, url, console.log);
    } finally {
      await stop(before.server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresUrl(): Promise<string | null> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

async function main() {
  if (process.env.BENCH_ONLY === 'offline-screens') return benchOfflineScreens();
  if (process.env.BENCH_ONLY === 'drain') return benchDrain();
  console.log(
    `Benchmarks (${seconds} s of load per figure, 10 connections; figures only, nothing gates on them)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  try {
    await benchDatabase(
      'PGlite',
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      port,
      process.env.BENCH_BROWSER !== 'off',
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_POSTGRES === 'off' ? null : await postgresUrl();
  if (url) {
    const pgDataDir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'));
    try {
      // A PostgreSQL database gets the demo data only when asked (README "Security settings").
      await benchDatabase(
        'PostgreSQL',
        { DATA_DIR: pgDataDir, DATABASE_URL: url, SEED_DEMO: 'on' },
        port + 1,
      );
    } finally {
      await dropDatabase(url);
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  } else {
    console.log('\nPostgreSQL: not reachable, skipped');
  }
  if (START_ONLY) return;
  if (process.env.BENCH_OFFLINE !== 'off') await benchOffline();
  if (process.env.BENCH_OFFLINE !== 'off') await benchOfflineStorage();
  if (process.env.BENCH_SCALE !== 'off') {
    const scales = (fallback: string) => (process.env.BENCH_SCALES ?? fallback).split(',').map(Number);
    await benchScale('pglite', scales('1,10'));
    if (url) await benchScale('postgres', scales('1,10,100'));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
