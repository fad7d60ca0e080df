/**
 * What is kept on the device once the customer has signed in, wherever they went (issue 48 item
 * 3): after signing in and opening only the leads list, every unpaid invoice's PDF is in the
 * user's files cache, and offline the invoices screen (never opened on this device) still says what
 * is owed; its "View unpaid invoices" lists them from the device and each PDF downloads.
 * Two accounts; each waits for the Cache Storage entries it expects, never a time.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { waitForController } from './page-db';
import { shots } from './screens';

const NOT_LOADED = "You're offline, and these dates haven't been loaded on this device yet.";

/** The paths kept in the signed-in user's files cache (Cache Storage). */
const storedFiles = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('portal-files-'));
    const lists = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)),
    );
    return lists.flat();
  });

type Owed = { id: number; name: string };

describe('kept after sign-in', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  /** Bills the account once more, then answers every invoice it owes (the server's unpaid list). */
  async function unpaidInvoices(email: string): Promise<Owed[]> {
    const billed = await fetch(e2e.url('/api/v1/dev/invoices'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(billed.status).toBe(200);
    const api = await e2e.api(email);
    const answer = await api.call('GET', '/invoices?status=unpaid&per_page=100');
    const { invoices } = (await answer.json()) as { invoices: Owed[] };
    return invoices;
  }

  for (const [email, name] of [
    ['directories@demo.test', 'directories'],
    ['multi@demo.test', 'multi'],
  ] as const) {
    it(`keeps every unpaid invoice's PDF from sign-in on, opened offline from "You owe" (${name})`, async () => {
      const owed = await unpaidInvoices(email);
      expect(owed.length).toBeGreaterThan(0);
      const { context, page } = await e2e.newPage();
      await e2e.signedIn(page, email);
      // Only the leads list: the invoices screen is never opened online on this device.
      await page.goto(e2e.url('/dashboard/leads'));
      await page.locator('h1.leads-page__title').waitFor({ timeout: 20_000 });
      await waitForController(page);
      const expected = owed.map((invoice) => `/api/v1/invoices/${invoice.id}`).sort();
      await expect
        .poll(
          async () => {
            const stored = new Set(await storedFiles(page));
            return expected.filter((path) => !stored.has(path));
          },
          { timeout: 30_000 },
        )
        .toEqual([]);

      await context.setOffline(true);
      await page.goto(e2e.url('/dashboard/billing/invoices'));
      // Month to date was never loaded here: the screen says so, and still what is owed.
      await page.getByText(NOT_LOADED).waitFor({ timeout: 15_000 });
      const line = page.locator('.invoices-owed');
      await expect.poll(() => line.textContent()).toMatch(new RegExp(`across ${owed.length} invoices?[.:]`));
      await shots(page, `offline-kept-owed-${name}`);

      await line.getByRole('button', { name: 'View unpaid invoices' }).click();
      const first = owed[0] as Owed;
      await page
        .getByRole('button', { name: `Download PDF ${first.name}` })
        .first()
        .waitFor();
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('button', { name: `Download PDF ${first.name}` })
          .first()
          .click(),
      ]);
      expect(pdf.suggestedFilename()).toBe(`${first.name}.pdf`);
      const bytes = await (await pdf.createReadStream()).toArray();
      expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
      await shots(page, `offline-kept-unpaid-${name}`);
      await context.close();
    });
  }
});
