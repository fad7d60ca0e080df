/**
 * End-to-end harness: the production build served by the real server (its own process, on a free
 * port, over a private copy of the seeded demo database), driven by a real Chromium.
 * Test files use it through fixture.ts (`useE2e`); the browser is found by chromium.ts.
 * Several instances on one PostgreSQL database (as behind a load balancer): `createPgDatabase()`
 * clones the seeded template, then `startServer(env, { databaseUrl, dataDir })` once per instance.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { withDatabase } from '../server/constants';
import { CHROMIUM_ARGS, findChromium } from './chromium';

const root = resolve(import.meta.dirname, '../..');

/** A headless Chromium with its own temporary profile (playwright makes one per launch). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = inject('chromiumPath') ?? (await findChromium());
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The server process ended while starting; its output is the message. */
class ServerExited extends Error {
  constructor(output: string) {
    super(`server exited: ${output}`);
  }
}

export type TestServer = {
  url: string;
  dataDir: string;
  /** Stops the process and removes its data directory (not one the caller gave). */
  stop: () => Promise<void>;
  /** Stops the process (if running) and starts it again on the same port and data. */
  restart: () => Promise<void>;
  /** SIGKILL, as a crash would; resolves once the process is gone. */
  kill: () => Promise<void>;
};

export type ServerOptions = {
  /** A PostgreSQL database to run on (see createPgDatabase) instead of a PGlite copy of the template. */
  databaseUrl?: string;
  /** A data directory the caller made (several instances may share one) and removes itself. */
  dataDir?: string;
};

/**
 * Starts the server as `npm run serve` does (dist-server/main.js, which `npm run build` bundles from
 * server/main.ts: server/build.ts) over a copy of the seeded template, with dev tools on and the simulator
 * off. Each server has its own port and data directory, so several can run at once; with
 * `databaseUrl` it runs on that PostgreSQL database instead, in `dataDir` when given.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  if (!existsSync(join(root, 'dist', 'index.html')) || !existsSync(join(root, 'dist-server', 'main.js')))
    throw new Error('No production build: run `npm run build` first.');
  const dataDir = options.dataDir ?? join(root, '.test-data', `e2e-${randomUUID().slice(0, 8)}`);
  mkdirSync(dataDir, { recursive: true });
  if (!options.databaseUrl)
    cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  let port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const launch = async () => {
    const proc = spawn(process.execPath, ['dist-server/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // The pages under test use the dev mailbox and invitations: on explicitly, whatever the
        // defaults (README "Security settings"); a file's env can still turn them off.
        DEV_TOOLS: 'on',
        DATA_DIR: dataDir,
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        DATABASE_URL: options.databaseUrl ?? '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    // Registered at spawn, so an exit is never missed however early it comes.
    exited = new Promise((done) => proc.once('exit', () => done()));
    let output = '';
    proc.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    proc.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    // Generous: on a busy machine compiling and opening take a minute or more; a dead start fails at once.
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (!running()) {
        await exited;
        throw new ServerExited(output);
      }
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/notifications`);
        if (res.status === 401) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`server did not start: ${output}`);
  };

  const stop = async () => {
    const proc = child;
    if (!proc || !running()) return exited;
    const force = setTimeout(() => proc.kill('SIGKILL'), 8000);
    proc.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  };

  // A free port can be taken by another file's server between the probe and the listen: try
  // another one. Only the first start may move: a restart keeps the address the pages know.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await launch();
      break;
    } catch (error) {
      const taken = error instanceof ServerExited && error.message.includes('EADDRINUSE');
      if (!taken || attempt === 3) throw error;
      port = await freePort();
    }
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir,
    restart: async () => {
      await stop();
      await launch();
    },
    kill: async () => {
      if (running()) child?.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database cloned from the seeded template (DATABASE_URL's server; the e2e global
 * setup made the template). `drop` removes it, closing whatever is still connected.
 */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) throw new Error('createPgDatabase needs DATABASE_URL (PostgreSQL)');
  const name = `portal_e2e_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  // The template cannot be cloned while another run is connected to it (55006): try again shortly.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 10) throw error;
      await new Promise((retry) => setTimeout(retry, 500));
    }
  }
  return {
    url: withDatabase(url, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export async function newPage(
  browser: Browser,
  width = 1280,
  height = 800,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  // Headless Chromium refuses persistent storage: the one-time notice about it (sync/ui/storage-
  // notice.tsx) counts as already said, so it covers nothing in other tests (offline-lists tests it).
  await context.addInitScript(() => {
    try {
      localStorage.setItem('portal:storage-notice', 'said');
    } catch {}
  });
  const page = await context.newPage();
  return { context, page };
}
