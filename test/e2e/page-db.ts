/**
 * What the app holds on the device, read from the page with raw IndexedDB (no app code involved,
 * so a bug in the app's data layer cannot hide itself): table rows, the outbox, the stored
 * session; and the service worker's control of the page. `dropStoredReads` empties the read cache,
 * `goCold` the HTTP cache, Cache Storage and the worker.
 *
 * Every reader opens and closes its own connection: a connection left open would block the app's
 * next schema upgrade.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Every row of one table of the app's database; [] while the table does not exist yet. */
export function dbRows<T = Record<string, unknown>>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('customer-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const read = db.transaction(name, 'readonly').objectStore(name).getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result as T[]);
          };
          read.onerror = () => {
            db.close();
            reject(read.error);
          };
        };
      }),
    table,
  );
}

/**
 * The session kept, every cache and the worker gone (the page left on about:blank): the next load
 * is a cold one. Answers the page's CDP session, for throttling that load.
 */
export async function goCold(context: BrowserContext, page: Page, origin: string): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
  await page.goto('about:blank');
  return cdp;
}

/** Empties the read cache (every stored answer): the next load of a screen reads from the network. */
export function dropStoredReads(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('customer-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const clear = db.transaction('responses', 'readwrite');
          clear.objectStore('responses').clear();
          clear.oncomplete = () => {
            db.close();
            resolve();
          };
          clear.onerror = () => {
            db.close();
            reject(clear.error);
          };
        };
      }),
  );
}

export type OutboxRow = {
  id: number;
  url: string;
  label: string;
  status: string;
  attempts: number;
  error: string | null;
  idempotency_key: string;
  body: unknown;
};

/** The outbox as stored (every user's items: tests use one user per page). */
export const outboxRows = (page: Page) => dbRows<OutboxRow>(page, 'outbox');

/** Whether a session token is stored, i.e. a reload now stays signed in. */
export async function hasStoredSession(page: Page): Promise<boolean> {
  const rows = await dbRows<{ key: string; value: unknown }>(page, 'session');
  return rows.some((row) => row.key === 'token' && typeof row.value === 'string');
}

/** Resolves once a service worker controls the page (the first visit's claim included). */
export async function waitForController(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}
