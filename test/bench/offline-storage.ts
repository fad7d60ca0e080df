/**
 * The storage a day of use takes on the device (issue 25), for `npm run bench` (figures only):
 * franchise@demo.test signs in and pages through the month's leads (month to date) on the leads
 * screen, each page's leads kept for offline use by the prefetcher (details, and the recordings of
 * the last RECORDINGS.days within RECORDINGS.bytes); then the origin's IndexedDB and Cache Storage
 * usage as Chromium reports it, with how many of the month's leads have their drawer and their
 * recording on the device, and how long keeping them took.
 * Needs the production build and Chromium. Run alone with `node --import tsx test/bench/offline-storage.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';

const root = resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_PORT ?? 18181) + 20;
const url = `http://127.0.0.1:${PORT}`;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'];
const MB = 1024 * 1024;

/** A data directory: a copy of the test template when one exists (else the server seeds it). */
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-storage-'));
  const base = join(root, '.test-data');
  const template = existsSync(base)
    ? readdirSync(base).find((name) => name.startsWith('template-'))
    : undefined;
  if (template && existsSync(join(base, template, 'ready'))) {
    cpSync(join(base, template, 'pglite'), join(dir, 'pglite'), { recursive: true });
  }
  return dir;
}

async function startServer(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${url}/api/v1/notifications`)).status === 401) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Lead ids listed in the stored list answers, and those whose drawer read is stored. */
const kept = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ listed: number[]; details: number[]; recordings: number }>((done, fail) => {
        const open = indexedDB.open('customer-portal');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('responses', 'readonly').objectStore('responses').getAll();
          read.onsuccess = async () => {
            open.result.close();
            const rows = read.result as {
              url: string;
              method: string;
              data: { leads?: { lead_id: number }[] };
            }[];
            const listed = rows
              .filter((r) => r.method === 'POST' && r.url === '/api/v1/leads')
              .flatMap((r) => (r.data.leads ?? []).map((l) => l.lead_id));
            const details = rows.flatMap((r) => {
              const match = /^\/api\/v1\/leads\/(\d+)$/.exec(r.url);
              return match ? [Number(match[1])] : [];
            });
            let recordings = 0;
            for (const name of await caches.keys()) {
              if (name.startsWith('portal-files-'))
                recordings += (await (await caches.open(name)).keys()).length;
            }
            done({ listed: [...new Set(listed)], details, recordings });
          };
          read.onerror = () => fail(read.error);
        };
      }),
  );

/** Waits until the prefetcher has stopped adding (nothing new for `quietMs`), polling the device. */
async function settle(page: Page, quietMs = 2500, maxMs = 60_000) {
  const started = Date.now();
  let last = '';
  let since = Date.now();
  while (Date.now() - started < maxMs) {
    const now = await kept(page);
    const mark = `${now.details.length}/${now.recordings}`;
    if (mark !== last) {
      last = mark;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function dayOfUse() {
  const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (!executablePath) return console.log('  (skipped: no Chromium; set CHROME_PATH)');
  const browser = await chromium.launch({ executablePath, args: ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill('franchise@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Portal-demo-1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/**');
    const started = performance.now();
    await page.goto(`${url}/dashboard/leads`);
    await page.locator('.leads-table__open').first().waitFor();
    let pages = 1;
    for (;;) {
      await settle(page);
      const next = page.getByRole('button', { name: 'Next page' });
      if ((await next.count()) === 0 || (await next.isDisabled())) break;
      const summary = await page.locator('.pagination__summary').textContent();
      await next.click();
      await page.waitForFunction(
        (before) => document.querySelector('.pagination__summary')?.textContent !== before,
        summary,
      );
      pages += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const result = await kept(page);
    const usage = await page.evaluate(async () => {
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: Record<string, number>;
      };
      return { total: estimate.usage ?? 0, details: estimate.usageDetails ?? {} };
    });
    const detailed = result.listed.filter((id) => result.details.includes(id)).length;
    console.log(
      `  month of leads paged through:        ${pages} pages, ${result.listed.length} leads, ${seconds.toFixed(0)} s`,
    );
    console.log(`  leads whose drawer is on the device: ${detailed} of ${result.listed.length}`);
    console.log(`  recordings and PDFs on the device:   ${result.recordings}`);
    console.log(
      `  IndexedDB:                           ${((usage.details.indexedDB ?? 0) / MB).toFixed(1)} MB`,
    );
    console.log(`  Cache Storage:                       ${((usage.details.caches ?? 0) / MB).toFixed(1)} MB`);
    console.log(`  origin total (with the app's code):  ${(usage.total / MB).toFixed(1)} MB`);
  } finally {
    await browser.close();
  }
}

export async function benchOfflineStorage(): Promise<void> {
  console.log('\nStorage a day of use takes on the device (franchise, a month of leads, PGlite)');
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.log('  skipped: no production build (run `npm run build`)');
    return;
  }
  const dir = dataDir();
  const server = await startServer(dir);
  try {
    await dayOfUse();
  } finally {
    await new Promise<void>((done) => {
      server.once('exit', () => done());
      server.kill('SIGTERM');
    });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchOfflineStorage().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
