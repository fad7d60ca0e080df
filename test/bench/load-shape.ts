/**
 * The build's load shape for `npm run bench` (issue 49: moved here from the browser tests, which
 * now assert only what a user sees): which scripts a cold load asks for before its first content,
 * and where the charts' code comes. Printed with budgets, never failing anything.
 *
 * - /login, first visit: the scripts asked for before the form shows; the offline core (Dexie and
 *   the sync engine, chunk `core-*`) is not among them (issue 17: it loads on the first sign of use).
 * - /dashboard/leads, signed in, cold (the session kept, the HTTP cache and the worker gone): the
 *   scripts asked for before the first row, at most 7 (vite.config.ts groups), and no form kit.
 * - /dashboard/performance, cold: the charts' chunk (`chart-*`) is asked for after the first stat's
 *   value shows, named neither in the Link header nor in the HTML, and marked for eager
 *   compilation (vite.config.ts `compileHint`).
 * Run alone: `node --import tsx test/bench/load-shape.ts http://127.0.0.1:8080`.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { figure } from './budget';
import { signInToDashboard } from './screens';

/** From the next navigation on, `__at[name]`: when `selector` first matched (page-relative ms). */
const markFirst = (page: Page, marks: Record<string, string>) =>
  page.addInitScript((wanted: Record<string, string>) => {
    const at: Record<string, number> = {};
    (window as unknown as { __at: Record<string, number> }).__at = at;
    new MutationObserver(() => {
      for (const [name, selector] of Object.entries(wanted)) {
        const el = document.querySelector(selector);
        if (at[name] === undefined && el && el.textContent?.trim() !== '—') at[name] = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, marks);

/** The scripts (file names) the page asked for up to the `name` mark, and after it. */
async function scriptsAround(page: Page, name: string) {
  await page.waitForFunction((n) => (window as unknown as { __at: Record<string, number> }).__at[n], name);
  return page.evaluate((n) => {
    const at = (window as unknown as { __at: Record<string, number> }).__at[n];
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        name: new URL(entry.name).pathname.split('/').pop() ?? '',
        start: entry.startTime,
      }));
    return {
      before: scripts.filter((s) => s.start <= at).map((s) => s.name),
      after: scripts.filter((s) => s.start > at).map((s) => s.name),
    };
  }, name);
}

/** A cold load of `path`: the session kept, the HTTP cache, Cache Storage and the worker gone. */
async function goCold(page: Page, base: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: base,
    storageTypes: 'cache_storage,service_workers',
  });
  await page.goto('about:blank');
}

const names = (list: string[]) => (list.length ? list.join(' ') : 'none');

export async function loadShapeFigures(browser: Browser, base: string): Promise<string[]> {
  const lines = ['  -- load shape (cold loads, production build) --'];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await markFirst(page, { form: '#root form input', row: '.leads-table__open', stat: '[data-stat]' });
    await page.goto(`${base}/login`);
    const login = await scriptsAround(page, 'form');
    lines.push(figure('/login: scripts before the form', login.before.length, '', null));
    const core = login.before.filter((name) => name.startsWith('core-'));
    lines.push(
      `${figure('/login: offline core before the form', core.length, '', { max: 0 })}  ${names(core)}`,
    );

    await signInToDashboard(page, base, 'owner@demo.test');
    await page.goto(`${base}/dashboard/leads`);
    await page.locator('.leads-table__open').first().waitFor();
    await goCold(page, base);
    await page.goto(`${base}/dashboard/leads`);
    const leads = await scriptsAround(page, 'row');
    lines.push(figure('cold leads: scripts before the first row', leads.before.length, '', { max: 7 }));
    const kit = leads.before.filter((name) => name.startsWith('form-'));
    lines.push(
      `${figure('cold leads: form kit before the first row', kit.length, '', { max: 0 })}  ${names(kit)}`,
    );

    await page.goto(`${base}/dashboard/performance`);
    await page.locator('[role="img"] svg').first().waitFor({ timeout: 30_000 });
    await goCold(page, base);
    const response = await page.goto(`${base}/dashboard/performance`);
    const named =
      /chart-/.test(response?.headers().link ?? '') || /chart-/.test((await response?.text()) ?? '');
    lines.push(figure('performance: chart chunk named by the page', Number(named), '', { max: 0 }));
    await page.locator('[role="img"] svg').first().waitFor({ timeout: 30_000 });
    const perf = await scriptsAround(page, 'stat');
    const early = perf.before.filter((name) => name.startsWith('chart-'));
    lines.push(figure('performance: chart chunk before 1st figure', early.length, '', { max: 0 }));
    const chunk = perf.after.find((name) => name.startsWith('chart-'));
    const first = chunk
      ? (await (await page.request.get(`${base}/assets/${chunk}`)).text()).split('\n')[0]
      : '';
    lines.push(
      figure('performance: chart chunk compile hint', Number(first === '//# allFunctionsCalledOnLoad'), '', {
        min: 1,
      }),
    );
  } catch (error) {
    lines.push(`  load shape failed: ${String((error as Error).message ?? error).split('\n')[0]}`);
  } finally {
    await context.close();
  }
  return lines;
}

/** Run alone against a running server. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
    (path) => path && existsSync(path),
  );
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log((await loadShapeFigures(browser, process.argv[2] ?? 'http://127.0.0.1:8080')).join('\n'));
  } finally {
    await browser.close();
  }
}
