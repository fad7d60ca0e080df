/**
 * Lighthouse mobile performance for `npm run bench` (issue 26): /login signed out, then every
 * dashboard screen (screens.ts) signed in as each demo account, cold. One line per screen: the
 * median score of BENCH_LH_RUNS runs (default 3) against its budget (>= 95), with the medians of
 * LCP, TBT and CLS from the same runs (Lighthouse's "good": LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1).
 *
 * - Mobile with Lighthouse's default (simulated) throttling, on a Chromium it drives through a
 *   debugging port.
 * - Cold: before each run Lighthouse clears the HTTP cache, the service worker and Cache Storage
 *   (clearStorageTypes below) and keeps IndexedDB and localStorage, where the session lives; the
 *   bench also empties the device's stored reads (Dexie's `responses`), so every run starts alike
 *   (otherwise the first run would fill them for the next two).
 * - A screen the app redirects (not this account's page) says where to and is not scored; a run
 *   that fails prints its error and the other screens go on.
 * - BENCH_LH_SCREENS=leads,profile keeps the screens whose path contains one of the parts
 *   (`login` for the sign-in page).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { figure, median } from './budget';
import { ACCOUNTS, pick, SCREENS, signInToDashboard } from './screens';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'];
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));

type Run = { score: number; lcp: number; tbt: number; cls: number; finalPath: string };

/**
 * The debugging port Chromium chose (`--remote-debugging-port=0`), from the file it writes into its
 * profile: a fixed port would be shared by checkouts benched at once, and Lighthouse would then
 * drive whichever Chromium took it first.
 */
async function debuggingPort(profile: string): Promise<number> {
  const file = join(profile, 'DevToolsActivePort');
  for (let waited = 0; waited < 10_000; waited += 50) {
    const port = existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0;
    if (port > 0) return port;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('Chromium did not open its debugging port');
}

async function runOnce(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    disableStorageReset: false,
    // Not indexeddb or local_storage: the session stays.
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
  });
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  const score = lhr.categories.performance?.score;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (typeof score !== 'number') throw new Error('no performance score');
  return {
    score: score * 100,
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
  };
}

/** Empties the device's stored reads from a page of the origin that does not run the app. */
async function dropStoredReads(page: Page, base: string) {
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate(
    () =>
      new Promise<void>((done, fail) => {
        const open = indexedDB.open('customer-portal');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('responses')) {
            db.close();
            return done();
          }
          const tx = db.transaction('responses', 'readwrite');
          tx.objectStore('responses').clear();
          tx.oncomplete = () => {
            db.close();
            done();
          };
          tx.onerror = () => fail(tx.error);
        };
      }),
  );
}

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);

/** Scores one URL RUNS times; the line names the median of each figure, or the error or redirect. */
async function screenLine(port: number, base: string, path: string, before?: () => Promise<void>) {
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      const attempt = async () => {
        await before?.();
        return runOnce(port, `${base}${path}`);
      };
      // A run that fails is tried once more (Lighthouse's own advice for a lost trace).
      const run = await attempt().catch(attempt);
      if (run.finalPath !== path) return `  ${path.padEnd(44)} redirects to ${run.finalPath}, not scored`;
      runs.push(run);
    }
  } catch (error) {
    return `  ${path.padEnd(44)} failed: ${String((error as Error).message ?? error).split('\n')[0]}`;
  }
  const of = (key: keyof Omit<Run, 'finalPath'>) => median(runs.map((run) => run[key]));
  return `${figure(path, of('score'), '', { min: 95 })}  LCP ${ms(of('lcp'))}  TBT ${ms(of('tbt'))}  CLS ${of('cls').toFixed(3)}`;
}

async function signedInScreens(context: BrowserContext, port: number, base: string, email: string) {
  const lines = [`  ${email}, signed in, cold:`];
  const screens = pick(SCREENS, process.env.BENCH_LH_SCREENS);
  if (!screens.length) return [];
  const page = context.pages()[0] ?? (await context.newPage());
  // Whoever was signed in before leaves nothing behind.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
  await signInToDashboard(page, base, email);
  for (const path of screens) {
    lines.push(await screenLine(port, base, path, () => dropStoredReads(page, base)));
  }
  return lines;
}

export async function lighthouseFigures(executablePath: string, base: string): Promise<string[]> {
  const lines = [`  -- Lighthouse mobile performance (median of ${RUNS}; LCP, TBT, CLS: medians too) --`];
  const profile = mkdtempSync(join(tmpdir(), 'portal-bench-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...ARGS, '--remote-debugging-port=0'],
  });
  try {
    const port = await debuggingPort(profile);
    if (pick(['/login'], process.env.BENCH_LH_SCREENS).length) {
      lines.push('  signed out:');
      lines.push(await screenLine(port, base, '/login'));
    }
    for (const email of ACCOUNTS) lines.push(...(await signedInScreens(context, port, base, email)));
  } catch (error) {
    lines.push(`  Lighthouse failed: ${(error as Error).message}`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return lines;
}

/** Run alone against a running server: `node --import tsx test/bench/lighthouse.ts http://127.0.0.1:8080`. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  lighthouseFigures(executablePath, process.argv[2] ?? 'http://127.0.0.1:8080').then(
    (lines) => console.log(lines.join('\n')),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
