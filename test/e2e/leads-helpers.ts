/**
 * Shared steps of the leads browser tests: signing in and opening the leads screen, setting a
 * custom date range, calling the API as a user (to find leads and check the server's state), and
 * making a lead arrive through the dev endpoint.
 */
import type { Page } from 'playwright-core';
import { signInThroughPage, type TestServer } from './harness';

/** The seeded demo data ends on this day (test/server/constants.ts TEST_TODAY). */
export const SEED_START = '11/01/2026';
export const SEED_END = '11/20/2026';

export async function openLeads(page: Page, server: TestServer, email: string, query = '') {
  await signInThroughPage(page, server.url, email);
  await page.waitForURL('**/dashboard/**');
  // The session is written to IndexedDB just after the redirect: a reload before that signs out.
  await page.waitForFunction(storedToken, undefined, { polling: 100 });
  await page.goto(`${server.url}/dashboard/leads${query}`);
  // An open drawer (?id=) hides the page from the accessibility tree, so wait on the DOM.
  await page
    .locator('h1.leads-page__title')
    .waitFor()
    .catch(async (error) => {
      await page.screenshot({ path: '.scratch/fail.png' });
      console.log('URL', page.url(), await page.locator('body').innerText());
      throw error;
    });
}

function storedToken() {
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open('customer-portal');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      try {
        const read = open.result.transaction('session').objectStore('session').get('token');
        read.onsuccess = () => resolve(typeof read.result?.value === 'string');
        read.onerror = () => resolve(false);
      } catch {
        resolve(false);
      }
    };
  });
}

export async function setRange(page: Page, start: string, end: string) {
  await page.getByRole('combobox', { name: 'Date range' }).selectOption('custom');
  const dialog = page.getByRole('dialog', { name: 'Custom date' });
  await dialog.getByLabel('Start date', { exact: true }).fill(start);
  await dialog.getByLabel('End date', { exact: true }).fill(end);
  await dialog.getByLabel('End date', { exact: true }).blur();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export const stat = async (page: Page, key: string) =>
  Number(((await page.locator(`[data-stat="${key}"]`).textContent()) ?? '').replace(/[$,]/g, ''));

export const rowNames = (page: Page) => page.locator('.leads-table__open').allTextContents();

export type ApiUser = { call: (method: string, path: string, body?: unknown) => Promise<Response> };

export async function apiUser(server: TestServer, email: string): Promise<ApiUser> {
  const login = await fetch(`${server.url}/api/v1/client/create_session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Portal-demo-1!' }),
  });
  const { token, user_id } = (await login.json()) as { token: string; user_id: number };
  const headers = { 'x-auth-token': token, 'x-user-id': String(user_id), 'content-type': 'application/json' };
  return {
    call: (method, path, body) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

export async function newLead(
  server: TestServer,
  email: string,
  options: { lead_type?: 'Call' | 'Form'; platform?: string; age_seconds?: number } = {},
) {
  const res = await fetch(`${server.url}/api/v1/dev/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, ...options }),
  });
  if (res.status !== 200) throw new Error(`dev lead: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { lead: { id: number; ref_id: string } }).lead;
}

/** The signed-in user's outbox rows, read straight from IndexedDB in the page. */
export function outboxRows(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ url: string; status: string; error: string | null; body: unknown }[]>(
        (resolve, reject) => {
          const open = indexedDB.open('customer-portal');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('outbox').objectStore('outbox').getAll();
            read.onsuccess = () => resolve(read.result);
            read.onerror = () => reject(read.error);
          };
        },
      ),
  );
}
