/**
 * Helpers of the offline and live browser tests: reading the app's IndexedDB from the page, waiting
 * for the service worker, emitting live messages, signing in through the API, and reading the
 * server's own database after stopping it (to prove what the server holds).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openDb } from '../../server/db/client';
import type { TestServer } from './harness';

/** Every row of one table of the app's database (raw IndexedDB: no app code involved). */
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
          read.onerror = () => reject(read.error);
        };
      }),
    table,
  );
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

/** Sends a notification (or a raw payload) to a demo user through the dev emitter. */
export async function emit(
  server: TestServer,
  email: string,
  body:
    | { notification: { message: string; action: string; index?: string | null; id?: number | null } }
    | { payload: Record<string, unknown> },
): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/dev/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, ...body }),
  });
  if (res.status !== 200) throw new Error(`emit failed: ${res.status} ${await res.text()}`);
}

/** Auth headers for direct API calls as a demo user. */
export async function apiSession(server: TestServer, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/api/v1/client/create_session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`,
    },
    body: JSON.stringify({ email, password: 'Portal-demo-1!' }),
  });
  const body = (await res.json()) as { token: string; user_id: number };
  return { 'x-auth-token': body.token, 'x-user-id': String(body.user_id) };
}

/**
 * Stops the server and reads its database: `query` gets the drizzle handle. The data directory is
 * removed afterwards (the server is gone for good).
 */
export async function inspectServerDb<T>(
  server: TestServer,
  query: (db: Awaited<ReturnType<typeof openDb>>['db']) => Promise<T>,
): Promise<T> {
  // SIGKILL: PostgreSQL's crash recovery replays the WAL, so the reader sees every commit.
  server.kill();
  // A process killed by a signal keeps exitCode null, so the harness's stop() would wait forever.
  server.stop = async () => undefined;
  await new Promise((resolve) => setTimeout(resolve, 800));
  const handle = await openDb({ dataDir: join(server.dataDir, 'pglite'), migrate: false });
  try {
    return await query(handle.db);
  } finally {
    await handle.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export const signedInAs = (page: Page, name: string) =>
  page
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 });
