/**
 * Sign-out leaves nothing of the user on the device (issue 29, item 9), in a real browser: after
 * the franchise user has used the leads list (the account's time-zone hint) and the performance
 * screens (their location selection and last loaded filters), and with an older build's keys
 * still on the device, signing out leaves localStorage with the device's own keys only,
 * sessionStorage empty, every table of the app's IndexedDB empty (the session's included), no
 * other IndexedDB database, and only the app's own code caches in Cache Storage.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { dbRows, waitForController } from './page-db';
import { signedInAs, visible } from './screens';

const storageKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
  }));

/** Every object store of the app's database with its row count, and the other databases' names. */
const indexedDbContents = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const counts = await new Promise<Record<string, number>>((resolve, reject) => {
      const open = indexedDB.open('customer-portal');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const stores = [...db.objectStoreNames];
        const result: Record<string, number> = {};
        if (stores.length === 0) {
          db.close();
          resolve(result);
          return;
        }
        const tx = db.transaction(stores, 'readonly');
        for (const name of stores) {
          const count = tx.objectStore(name).count();
          count.onsuccess = () => {
            result[name] = count.result;
          };
        }
        tx.oncomplete = () => {
          db.close();
          resolve(result);
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    return { others: names.filter((name) => name !== 'customer-portal'), counts };
  });

describe('sign-out and the device', () => {
  const e2e = useE2e();

  it('leaves nothing of the user in any storage', async () => {
    const { page } = await e2e.newPage();
    const { showAd } = await e2e.signedIn(page, 'franchise@demo.test');
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    await signedInAs(page, 'Derek Hollis');
    await waitForController(page);
    const session = await dbRows<{ key: string; value: unknown }>(page, 'session');
    const userId = Number(session.find((row) => row.key === 'user_id')?.value);
    expect(userId).toBeGreaterThan(0);
    // What a device that ran an older build still holds (keys without the user in them).
    await page.evaluate(() => {
      localStorage.setItem('perf:locations:local', '{"known":["FR-1"],"selected":["FR-1"]}');
      localStorage.setItem('portal:time-zone:1', 'America/Chicago');
      sessionStorage.setItem('scratch', 'x');
    });

    const mine = `portal:user:${userId}:`;
    const userKeys = async () => (await storageKeys(page)).local.filter((key) => key.startsWith(mine));
    // The leads list remembers the account's time zone; the performance screens the selected
    // locations and the filters last loaded.
    await page.goto(e2e.url('/dashboard/leads'));
    await expect.poll(userKeys, { timeout: 20_000 }).toContain(`${mine}time-zone`);
    await page.goto(e2e.url('/dashboard/performance/search'));
    await page.locator('.perf-head h1').waitFor();
    await expect
      .poll(userKeys, { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([`${mine}perf:locations:franchise`, `${mine}last-loaded:performance:search`]),
      );
    await expect.poll(async () => (await indexedDbContents(page)).counts.responses ?? 0).toBeGreaterThan(0);

    await page
      .getByRole('button', { name: /Derek Hollis/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await visible(page, 'Logout Successful').toBe(true);

    // Only the device's own keys may stay (the session hint is gone with the session).
    await expect
      .poll(async () =>
        (await storageKeys(page)).local.filter(
          (key) => key !== 'portal-push' && key !== 'portal:storage-notice',
        ),
      )
      .toEqual([]);
    expect((await storageKeys(page)).session).toEqual([]);
    const contents = await indexedDbContents(page);
    expect(contents.others).toEqual([]);
    expect(Object.keys(contents.counts).length).toBeGreaterThan(5);
    expect(Object.entries(contents.counts).filter(([, count]) => count > 0)).toEqual([]);
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(
      cacheNames.filter((name) => !name.startsWith('workbox-precache') && name !== 'portal-assets'),
    ).toEqual([]);
  });
});
