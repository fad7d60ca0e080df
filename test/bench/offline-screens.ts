/**
 * Offline reload to first content, per dashboard screen (issue 26), for `npm run bench`.
 *
 * For each account (screens.ts ACCOUNTS) and each screen (screens.ts SCREENS): the screen is opened
 * once online (so the device holds its reads, chunks and assets, as after a visit), then reloaded
 * 5 times with the network cut. A reload's figure is the page's own clock (performance.now(), from
 * navigation start) when the screen's first real content (screens.ts CONTENT: a row, a tile's
 * value, a card; never the shell) is in the page, laid out, visible and not inside a part still
 * loading. The median of the 5 is printed against its budget: at most 300 ms, the leads 200 ms.
 *
 * A screen the app redirects is reported and skipped; a screen whose content does not come (online
 * or offline) prints why and the rest go on. BENCH_OFFLINE_SCREENS=leads,summary keeps the screens
 * whose path contains one of the parts.
 */
import type { Browser, Page } from 'playwright-core';
import { figure, median } from './budget';
import { ACCOUNTS, CONTENT_SHOWN, contentSelector, pick, SCREENS, signInToDashboard } from './screens';

const RELOADS = 5;
const BUDGET_MS = 300;
const LEADS_BUDGET_MS = 200;

/** Installed before the app runs: records when the screen's content first shows (page-relative ms). */
const WATCH = `(() => {
  const selectors = ${JSON.stringify(Object.fromEntries(SCREENS.map((path) => [path, contentSelector(path)])))};
  const shown = ${CONTENT_SHOWN};
  const selector = selectors[location.pathname];
  window.__content = undefined;
  if (!selector) return;
  const observer = new MutationObserver(() => {
    for (const el of document.querySelectorAll(selector)) {
      if (!shown(el)) continue;
      window.__content = performance.now();
      observer.disconnect();
      return;
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['aria-busy', 'hidden', 'class', 'style'] });
})();`;

const contentAt = (page: Page, timeout: number) =>
  page
    .waitForFunction(() => (window as unknown as { __content?: number }).__content, undefined, { timeout })
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * Lets the visit finish storing what it read (the screen's later reads, its assets): until no
 * resource was fetched for half a second (at most 10 s; the live stream never ends, so the
 * network is never idle).
 */
async function quiet(page: Page) {
  let last = -1;
  for (let waited = 0; waited < 10_000; waited += 500) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count === last) return;
    last = count;
    await page.waitForTimeout(500);
  }
}

async function screenLine(page: Page, base: string, path: string): Promise<string> {
  const context = page.context();
  await context.setOffline(false);
  await page.goto(`${base}${path}`);
  const online = await contentAt(page, 30_000).catch(() => null);
  await quiet(page);
  const now = new URL(page.url()).pathname;
  if (now !== path) return `  ${path.padEnd(44)} redirects to ${now}, not measured`;
  if (online === null) return `  ${path.padEnd(44)} failed: no content online within 30 s`;
  await context.setOffline(true);
  const times: number[] = [];
  try {
    for (let i = 0; i < RELOADS; i += 1) {
      await page.reload();
      times.push(await contentAt(page, 15_000));
    }
  } catch {
    return `  ${path.padEnd(44)} failed: no content offline within 15 s (reload ${times.length + 1})`;
  } finally {
    await context.setOffline(false);
  }
  const budget = path.endsWith('/leads') ? LEADS_BUDGET_MS : BUDGET_MS;
  return figure(path, median(times), 'ms', { max: budget });
}

export async function offlineScreenFigures(browser: Browser, base: string): Promise<string[]> {
  const screens = pick(SCREENS, process.env.BENCH_OFFLINE_SCREENS);
  if (!screens.length) return [];
  const lines = [`  offline reload to first content, per screen (median of ${RELOADS}):`];
  for (const email of ACCOUNTS) {
    lines.push(`  ${email}:`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await context.addInitScript(WATCH);
      const page = await context.newPage();
      await signInToDashboard(page, base, email);
      // Reloaded once the service worker is ready, so it controls every load after.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      for (const path of screens) {
        lines.push(
          await screenLine(page, base, path).catch(
            (error: unknown) => `  ${path.padEnd(44)} failed: ${String(error).split('\n')[0]}`,
          ),
        );
      }
    } finally {
      await context.close();
    }
  }
  return lines;
}
