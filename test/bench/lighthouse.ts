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
 * - Each screen's line is printed as soon as its runs are done (the survey takes minutes), and a run
 *   has BENCH_LH_TIMEOUT seconds (default 120): a run past it (a renderer that went idle and never
 *   finished loading) closes that Chromium, the screen says so, and a fresh Chromium goes on.
 * - BENCH_LH_SAVE=/some/dir keeps each run's whole report there (`<screen>-<run>.json`), to read
 *   its long tasks, requests and LCP element.
 * - BENCH_LH_SCREENS=leads,profile keeps the screens whose path contains one of the parts
 *   (`login` for the sign-in page), and BENCH_LH_ACCOUNTS=owner the accounts.
 * - BENCH_BEFORE_URL=<a running server of the build before> adds `compareFigures`: per screen, the
 *   median LCP before and after, run by turns (run.ts; `BENCH_BEFORE_ROOT` starts that server).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { figure, median } from './budget';
import { ACCOUNTS, pick, SCREENS, signInToDashboard } from './screens';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'];
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const RUN_LIMIT_MS = Math.max(10, Number(process.env.BENCH_LH_TIMEOUT ?? 120)) * 1000;

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
  const keep = process.env.BENCH_LH_SAVE;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
    let n = 1;
    while (existsSync(join(keep, `${name}-${n}.json`))) n += 1;
    writeFileSync(join(keep, `${name}-${n}.json`), JSON.stringify(lhr));
  }
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

/** A run past RUN_LIMIT_MS: its Chromium is closed and the survey goes on in a fresh one. */
class TimedOut extends Error {}

function limited<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new TimedOut(`no result in ${RUN_LIMIT_MS / 1000} s`)), RUN_LIMIT_MS);
  });
  // A run abandoned at its limit fails later, when its Chromium is closed: nobody waits for it.
  work.catch(() => {});
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** One Chromium with a debugging port for Lighthouse, on a profile of its own, signed in or not. */
type Session = { context: BrowserContext; port: number; profile: string };

async function openSession(executablePath: string, base: string, email?: string): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'portal-bench-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...ARGS, '--remote-debugging-port=0'],
  });
  const session = { context, port: await debuggingPort(profile), profile };
  if (email) await signInToDashboard(await page(session), base, email);
  return session;
}

async function closeSession(session: Session) {
  await session.context.close().catch(() => {});
  rmSync(session.profile, { recursive: true, force: true });
}

const page = async (session: Session) => session.context.pages()[0] ?? (await session.context.newPage());

type Line = { text: string; timedOut?: boolean };

/** Scores one URL RUNS times; the line names the median of each figure, or the error or redirect. */
async function screenLine(session: Session, base: string, path: string, signedIn: boolean): Promise<Line> {
  const runs: Run[] = [];
  const attempt = () =>
    limited(
      (async () => {
        if (signedIn) await dropStoredReads(await page(session), base);
        return runOnce(session.port, `${base}${path}`);
      })(),
    );
  try {
    for (let i = 0; i < RUNS; i += 1) {
      // A run that fails is tried once more (Lighthouse's own advice for a lost trace); one that
      // timed out is not (its Chromium is stuck).
      const run = await attempt().catch((error: unknown) => {
        if (error instanceof TimedOut) throw error;
        return attempt();
      });
      if (run.finalPath !== path)
        return { text: `  ${path.padEnd(44)} redirects to ${run.finalPath}, not scored` };
      runs.push(run);
    }
  } catch (error) {
    const message = String((error as Error).message ?? error).split('\n')[0];
    return { text: `  ${path.padEnd(44)} failed: ${message}`, timedOut: error instanceof TimedOut };
  }
  const of = (key: keyof Omit<Run, 'finalPath'>) => median(runs.map((run) => run[key]));
  return {
    text: `${figure(path, of('score'), '', { min: 95 })}  LCP ${ms(of('lcp'))}  TBT ${ms(of('tbt'))}  CLS ${of('cls').toFixed(3)}`,
  };
}

/** Each screen of `paths` in a Chromium of its own signed in as `email` (or signed out). */
async function survey(
  executablePath: string,
  base: string,
  paths: string[],
  print: (line: string) => void,
  email?: string,
) {
  let session = await openSession(executablePath, base, email);
  try {
    for (const path of paths) {
      const line = await screenLine(session, base, path, Boolean(email));
      print(line.text);
      if (!line.timedOut) continue;
      await closeSession(session);
      session = await openSession(executablePath, base, email);
    }
  } finally {
    await closeSession(session);
  }
}

/** Prints a line per screen as each is done: /login signed out, then every screen per account. */
export async function lighthouseFigures(executablePath: string, base: string, print: (line: string) => void) {
  print(`  -- Lighthouse mobile performance (median of ${RUNS}; LCP, TBT, CLS: medians too) --`);
  const screens = pick(SCREENS, process.env.BENCH_LH_SCREENS);
  try {
    if (pick(['/login'], process.env.BENCH_LH_SCREENS).length) {
      print('  signed out:');
      await survey(executablePath, base, ['/login'], print);
    }
    for (const email of screens.length ? pick(ACCOUNTS, process.env.BENCH_LH_ACCOUNTS) : []) {
      print(`  ${email}, signed in, cold:`);
      await survey(executablePath, base, screens, print, email);
    }
  } catch (error) {
    print(`  Lighthouse failed: ${(error as Error).message}`);
  }
}

/**
 * Before and after, by turns (issue 49): for each screen, one run on `before` then one on `after`,
 * BENCH_LH_RUNS times, each side in its own Chromium signed in as the first account picked; prints
 * the median LCP of each side and their difference (after - before), so a shared machine's noise
 * falls on both alike.
 */
export async function compareFigures(
  executablePath: string,
  before: string,
  after: string,
  print: (line: string) => void,
) {
  const email = pick(ACCOUNTS, process.env.BENCH_LH_ACCOUNTS)[0] ?? ACCOUNTS[0];
  print(`  -- Lighthouse mobile LCP, before (${before}) and after, by turns, median of ${RUNS}, ${email} --`);
  const sides = [
    await openSession(executablePath, before, email),
    await openSession(executablePath, after, email),
  ];
  try {
    for (const path of pick(SCREENS, process.env.BENCH_LH_SCREENS)) {
      const lcps: number[][] = [[], []];
      try {
        for (let i = 0; i < RUNS; i += 1)
          for (const [side, base] of [before, after].entries()) {
            await dropStoredReads(await page(sides[side]), base);
            const run = await limited(runOnce(sides[side].port, `${base}${path}`));
            if (run.finalPath === path) lcps[side].push(run.lcp);
          }
      } catch (error) {
        print(`  ${path.padEnd(44)} failed: ${String((error as Error).message ?? error).split('\n')[0]}`);
        continue;
      }
      if (!lcps[0].length || !lcps[1].length) {
        print(`  ${path.padEnd(44)} redirects, not scored`);
        continue;
      }
      const [was, now] = lcps.map(median);
      const change = now - was;
      print(
        `  ${path.padEnd(44)} LCP before ${ms(was)}  after ${ms(now)}  (${change >= 0 ? '+' : ''}${Math.round(change)} ms)`,
      );
    }
  } finally {
    for (const session of sides) await closeSession(session);
  }
}

/** Run alone against a running server: `node --import tsx test/bench/lighthouse.ts http://127.0.0.1:8080`. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  lighthouseFigures(executablePath, process.argv[2] ?? 'http://127.0.0.1:8080', console.log).catch(
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
