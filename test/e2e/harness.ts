/**
 * End-to-end harness: the production build served by the real server (its own process, on a free
 * port, over a private copy of the seeded demo database), driven by a real Chromium.
 *
 * The browser is found without manual steps: CHROME_PATH, then Debian's /usr/bin/chromium, then the
 * Chromium shipped inside the @sparticuz/chromium npm package (unpacked to /tmp on first use), so
 * `npm install && npm test` needs nothing else on a machine without Debian's package.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
export const screenshotDir = join(root, 'test-results', 'screenshots');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function findChromium(): Promise<string> {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  try {
    const packaged = await import('@sparticuz/chromium');
    return await packaged.default.executablePath();
  } catch (error) {
    throw new Error(
      `No Chromium found: set CHROME_PATH or run \`apt-get install -y chromium\` (${String(error)})`,
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
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

export type TestServer = {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
  kill: () => void;
};

/** Starts `server/main.ts` over a copy of the seeded template, with dev tools on and the simulator off. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(join(root, 'dist', 'index.html')))
    throw new Error('No production build: run `npm run build` first.');
  const dataDir = join(root, '.test-data', `e2e-${randomUUID().slice(0, 8)}`);
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      try {
        const res = await fetch(`${url}/api/v1/notifications`);
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
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((done) => {
      proc.once('exit', () => done());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 8000);
    });
  };

  await launch();
  return {
    url,
    dataDir,
    restart: async () => {
      await stop();
      await launch();
    },
    kill: () => child?.kill('SIGKILL'),
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function newPage(
  browser: Browser,
  width = 1280,
  height = 800,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

export async function signInThroughPage(page: Page, url: string, email: string, password = 'Portal-demo-1!') {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
