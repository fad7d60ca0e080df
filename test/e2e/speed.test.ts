/**
 * Content at once (issue 17): a page whose chunk is already here renders without the loading
 * spinner, after a reload (online and offline) and after signing in; a first visit to /login shows
 * the form without it either. Each page records, from before the app's first script runs, whether
 * the spinner (app/page-loading.tsx) was ever put in the DOM.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { READS_WAIT_MS } from '../../src/lib/reads-in-flight';
import { useE2e } from './fixture';
import { holdRequests } from './held-requests';
import { openLeads } from './leads-helpers';
import { dropStoredReads, goCold, waitForController } from './page-db';
import { screenshot } from './screens';

type Watched = Window & { spinnerShown?: boolean };

/** From the next navigation on, `spinnerShown` says whether the Suspense spinner appeared. */
async function watchSpinner(page: Page) {
  await page.addInitScript(() => {
    const w = window as Watched;
    w.spinnerShown = false;
    new MutationObserver(() => {
      if (document.querySelector('.page-loading[role="status"]')) w.spinnerShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const spinnerShown = (page: Page) => page.evaluate(() => (window as Watched).spinnerShown);
const firstRow = (page: Page) => page.locator('.leads-table__open').first();

// One server and browser for the whole file: every test opens its own context (a fresh device);
// its sign-ins, all from one address, get the limits the other one-server files use.
// biome-ignore lint/correctness/useHookAtTopLevel: a vitest fixture (beforeAll/afterAll), not a React hook
const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

describe('content at once', () => {
  it('reloads the leads screen, online and offline, straight to the rows', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await firstRow(page).waitFor();
    await waitForController(page);
    await watchSpinner(page);

    await page.reload();
    await firstRow(page).waitFor();
    expect(await spinnerShown(page)).toBe(false);

    await context.setOffline(true);
    await page.reload();
    await firstRow(page).waitFor();
    expect(await spinnerShown(page)).toBe(false);
    await screenshot(page, 'speed-leads-offline-reload-1280');
    await context.setOffline(false);
  });

  it('sends what the screen does not show (identify, the bell’s refresh, the toasts’ code, the worker) after its reads', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await firstRow(page).waitFor();
    // A cold load on a slow connection (every request takes 200 ms more), nothing stored.
    await dropStoredReads(page);
    const cdp = await goCold(context, page, new URL(e2e.url('/')).origin);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 200,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The leads screen's own reads (not a lead's details, which the prefetcher reads after).
    const reads = /\/api\/v1\/(leads|filters\/leads|leads\/filter_fields|table\/leads|user\/settings)(\?|$)/;
    const later = {
      identify: /\/api\/v1\/onboarding\/identify$/,
      bell: /\/api\/v1\/notifications\b/,
      toasts: /\/assets\/toaster-[^/]+\.js$/,
      worker: /\/assets\/service-worker-[^/]+\.js$/,
    };
    // The order the browser reports them in: each request's start, and each read's end; and when
    // each request started, from the navigation on.
    let order = 0;
    const starts: { url: string; at: number; ms: number }[] = [];
    const started = new Map<Request, number>();
    const readEnds: { started: number; ended: number }[] = [];
    let navigated = Date.now();
    page.on('request', (request) => {
      order += 1;
      starts.push({ url: request.url(), at: order, ms: Date.now() - navigated });
      started.set(request, order);
    });
    page.on('requestfinished', (request) => {
      order += 1;
      if (reads.test(request.url())) readEnds.push({ started: started.get(request) ?? 0, ended: order });
    });
    navigated = Date.now();
    await page.goto(e2e.url('/dashboard/leads'));
    await firstRow(page).waitFor();
    const shown = order;
    const first = (pattern: RegExp) =>
      Math.min(...starts.filter((start) => pattern.test(start.url)).map((start) => start.at));
    for (const pattern of Object.values(later))
      await expect.poll(() => first(pattern), { timeout: 15_000 }).toBeLessThan(Infinity);
    // The screen's own first reads: those asked for before its rows were shown.
    const screenReads = readEnds.filter((read) => read.started < shown);
    expect(screenReads.length).toBeGreaterThan(0);
    const lastRead = Math.max(...screenReads.map((read) => read.ended));
    // After the screen's reads, or (a machine so slow that they took that long) at the limit.
    for (const [name, pattern] of Object.entries(later)) {
      const start = starts.find((each) => pattern.test(each.url) && each.at === first(pattern));
      expect(
        (start?.at ?? 0) > lastRead || (start?.ms ?? 0) >= READS_WAIT_MS,
        `${name} starts after the screen's reads have answered (${JSON.stringify(start)}, last read ${lastRead})`,
      ).toBe(true);
    }
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await context.close();
  });

  it('shows the login form on a first visit and the dashboard after sign-in, without the spinner', async () => {
    const { page } = await e2e.newPage(390, 844);
    await watchSpinner(page);
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').waitFor();
    expect(await spinnerShown(page)).toBe(false);
    await screenshot(page, 'speed-login-first-visit-390');

    // Typing preloads where signing in lands: the shell and its landing page.
    // (The shell's chunk: vite.config.ts GROUPS.)
    const shell = page.waitForResponse((r) => /\/assets\/shell-[^/]+\.js$/.test(r.url()));
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Portal-demo-1!');
    await shell;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview');
    await page
      .getByRole('button', { name: /Maria Alvarez/ })
      .first()
      .waitFor();
    expect(await spinnerShown(page)).toBe(false);
    await screenshot(page, 'speed-signed-in-390');
  });
});

/** The calendar day in a zone, YYYY-MM-DD. */
const dayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });

/** A browser zone whose date differs from the account's (these two are 26 hours apart). */
const zoneOtherThan = (accountZone: string) =>
  ['Pacific/Kiritimati', 'Etc/GMT+12'].find((zone) => dayIn(zone) !== dayIn(accountZone)) as string;

describe('the sign-in page does not wait for IndexedDB', () => {
  it('shows the form on a device that holds no session while IndexedDB has not opened', async () => {
    const { page } = await e2e.newPage(390, 844);
    // IndexedDB that never answers (a slow disk, a database being created): the open stays pending.
    await page.addInitScript(() => {
      Object.defineProperty(indexedDB, 'open', { value: () => ({}), configurable: true });
    });
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });
});

describe('one request per read per screen load', () => {
  it('asks for the leads list and the settings once, even when the browser is a day off the account', async () => {
    // The demo owner's account is in America/Chicago (server/seed/people.ts).
    const context = await e2e.browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: zoneOtherThan('America/Chicago'),
    });
    try {
      const page = await context.newPage();
      await openLeads(e2e, page, 'owner@demo.test');
      await firstRow(page).waitFor();
      await waitForController(page);

      const asked: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/v1/leads' || path === '/api/v1/user/settings') asked.push(path);
      });
      for (const offline of [false, true]) {
        asked.length = 0;
        await context.setOffline(offline);
        // The list for the account's month to date: a list read for the browser's date, if any,
        // comes before it (it is what the account's zone, once known, would replace).
        const accountList = page.waitForRequest(
          (request) =>
            new URL(request.url()).pathname === '/api/v1/leads' &&
            (request.postDataJSON() as { end_date?: string } | null)?.end_date === dayIn('America/Chicago'),
        );
        await page.reload();
        await accountList;
        await firstRow(page).waitFor();
        expect(asked.filter((p) => p === '/api/v1/leads')).toHaveLength(1);
        expect(asked.filter((p) => p === '/api/v1/user/settings')).toHaveLength(1);
      }
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  });
});

const STRANGER = 999_999;
type Counted = Window & { strangerRowsAtFirstRow?: number };

/** Rows of `userId` in the app's cached reads, read with raw IndexedDB from inside the page. */
function countRowsOf(userId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('customer-portal');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const count = db
        .transaction('responses', 'readonly')
        .objectStore('responses')
        .index('user_id')
        .count(userId);
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => {
        db.close();
        reject(count.error);
      };
    };
  });
}

/** In the page, before its scripts: counts `userId`'s rows as soon as the first lead row shows. */
function watchFirstRow(userId: number, count: typeof countRowsOf) {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('.leads-table__open')) return;
    observer.disconnect();
    void count(userId).then((n) => {
      (window as Counted).strangerRowsAtFirstRow = n;
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

describe('start-up clean-up', () => {
  it('shows the signed-in user’s rows while the purge of another user’s many rows is still to come', async () => {
    const { page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await firstRow(page).waitFor();
    // Another user's cached reads left on this device: many, so deleting them takes a while.
    await page.evaluate(
      ({ stranger, count }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('customer-portal');
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('responses', 'readwrite');
            const store = tx.objectStore('responses');
            for (let i = 0; i < count; i += 1)
              store.put({
                key: `${stranger}:GET /x/${i}`,
                user_id: stranger,
                method: 'GET',
                url: `/x/${i}`,
                data: { i },
                stored_at: 1,
              });
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { stranger: STRANGER, count: 30_000 },
    );
    // From the next load on: how many of those rows are left when the first lead row shows.
    await page.addInitScript(`(${watchFirstRow})(${STRANGER}, ${countRowsOf})`);
    await page.reload();
    await firstRow(page).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as Counted).strangerRowsAtFirstRow))
      .toBeGreaterThan(0);
    // And the clean-up does happen, after the first screen (30,000 rows in batches of 200: on a
    // loaded machine 20 s left 1,200 of them, so the wait is generous; it ends when they are gone).
    await expect.poll(() => page.evaluate(countRowsOf, STRANGER), { timeout: 60_000 }).toBe(0);
  });
});

describe('what a loading screen costs the main thread', () => {
  it('pulses each skeleton as one compositor animation, not a repainted gradient per bar', async () => {
    const { context, page } = await e2e.newPage();
    // The first visit's list read is held, so the skeleton stays until the test has looked at it.
    const release = await holdRequests(context, '**/api/v1/leads');
    await openLeads(e2e, page, 'owner@demo.test');
    await page.locator('.data-table__skeleton').first().waitFor();
    const loading = await page.evaluate(() => ({
      bars: document.querySelectorAll('.skeleton-bar').length,
      // The running CSS animations (not the one-off transitions of a hover or a focus).
      animated: document
        .getAnimations()
        .filter((animation) => animation instanceof CSSAnimation)
        .map((animation) => {
          const frames = (animation.effect as KeyframeEffect | null)?.getKeyframes() ?? [];
          const meta = new Set(['offset', 'computedOffset', 'easing', 'composite']);
          return [...new Set(frames.flatMap((frame) => Object.keys(frame).filter((key) => !meta.has(key))))];
        }),
    }));
    await screenshot(page, 'speed-leads-skeleton-1280');
    release();
    await firstRow(page).waitFor();
    // 5 rows of bars in every column, and the statistics' bars.
    expect(loading.bars).toBeGreaterThan(20);
    // Each animation is the compositor's alone (no paint per frame), and the table's bars share one.
    expect(loading.animated.flat().filter((property) => property !== 'opacity')).toEqual([]);
    expect(loading.animated.length).toBeLessThan(loading.bars / 2);
    await context.close();
  });
});

describe("what the toasts' stylesheet costs the page", () => {
  it('sets its defaults on the toast container, not on the root every element inherits from', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    // The toast container loads after the screen's reads; its stylesheet applied, a toast shows.
    await page.locator('.Toastify').waitFor({ state: 'attached' });
    const width = (selector: string) =>
      page.evaluate(
        (target) =>
          getComputedStyle(document.querySelector(target) as Element).getPropertyValue(
            '--toastify-toast-width',
          ),
        selector,
      );
    await expect.poll(() => width('.Toastify')).toBe('320px');
    // Custom properties set on :root when the sheet arrives recompute every element's style (one
    // 97 ms task at 4x CPU on the profile tab); on the container they reach the toasts alone.
    expect(await width(':root')).toBe('');
    await context.close();
  });
});

/** The URLs in the page's Cache Storage caches whose name starts with `prefix`. */
function cachedUrls(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (start) => {
    const urls: string[] = [];
    for (const name of (await caches.keys()).filter((n) => n.startsWith(start))) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  }, prefix);
}

const CHART_CHUNK = /\/assets\/chart-[^/]+\.js$/;
const chartDrawn = (page: Page) => page.locator('[role="img"] svg').first().waitFor();

describe('what the precache leaves out', () => {
  it('keeps the charts once used, even when loaded before the worker took the page, and draws them offline', async () => {
    const { context, page } = await e2e.newPage();
    const { showAd } = await e2e.signedIn(page, 'owner@demo.test');
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    await waitForController(page);
    const precached = await cachedUrls(page, 'workbox-precache');
    expect(precached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
    expect(precached.some((url) => CHART_CHUNK.test(url))).toBe(false);

    // A first visit straight to a chart screen: no worker yet while the page loads its chunks.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
      for (const name of await caches.keys()) await caches.delete(name);
    });
    await page.goto(e2e.url('/dashboard/performance'));
    await chartDrawn(page);
    await waitForController(page);
    await expect
      .poll(async () => (await cachedUrls(page, 'portal-assets')).some((url) => CHART_CHUNK.test(url)))
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await chartDrawn(page);
    await context.setOffline(false);
  });
});
