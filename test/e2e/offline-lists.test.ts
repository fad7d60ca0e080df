/**
 * Everything in a loaded list is workable offline (issue 25), in a real browser:
 * - a lead listed on a loaded page but never opened opens offline with its "as of" and its call
 *   recording from the device, is reviewed there, and the review is delivered once on reconnect;
 *   a lead whose recording is not on the device says it needs a connection;
 * - a campaign never opened shows its drawer and its Locations and Schedule tabs offline;
 * - an unpaid invoice's PDF downloads offline; a range never loaded offers the last loaded one;
 * - the browser refusing persistent storage is told once per device.
 * Each waits for the prefetch it relies on (IndexedDB rows, Cache Storage entries), never a time.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { E2e } from './fixture';
import { useE2e } from './fixture';
import { openLeads, setRange } from './leads-helpers';
import { dbRows, outboxRows } from './page-db';
import { screenshot, shots } from './screens';
import { watchWriteAnswers } from './write-answers';

const NOT_LOADED = "You're offline, and these dates haven't been loaded on this device yet.";

/** The URLs of the read cache's rows on the device. */
const storedUrls = async (page: Page) => (await dbRows<{ url: string }>(page, 'responses')).map((r) => r.url);

/** The paths kept in the signed-in user's files cache (Cache Storage). */
const storedFiles = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('portal-files-'));
    const lists = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)),
    );
    return lists.flat();
  });

async function fillReview(page: Page, note: string) {
  await page.getByRole('button', { name: 'Request Review' }).click();
  const form = page.getByRole('dialog', { name: 'Request Review' });
  await form.getByLabel(/Reason for review/).selectOption('spam');
  await form.getByLabel(/Description of the issue/).fill(note);
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.waitFor({ state: 'detached' });
}

async function leadName(e2e: E2e, email: string, id: number): Promise<string> {
  const api = await e2e.api(email);
  return ((await (await api.call('GET', `/leads/${id}`)).json()) as { lead: { name: string } }).lead.name;
}

describe('lists workable offline', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('opens and reviews offline a lead that was only listed, delivered once on reconnect', async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const other = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const name = await leadName(e2e, 'owner@demo.test', lead.id);
    const { context, page } = await e2e.newPage();
    const reviews: number[] = [];
    watchWriteAnswers(context, (answer) => {
      if (answer.method === 'POST' && answer.path === `/api/v1/leads/${lead.id}/review` && !answer.replayed)
        reviews.push(answer.status);
    });
    await openLeads(e2e, page, 'owner@demo.test');
    await page.locator('.leads-table__open', { hasText: name }).first().waitFor();
    // The list's leads are kept in idle time: the drawer's read and the call's recording.
    await expect
      .poll(async () => (await storedUrls(page)).includes(`/api/v1/leads/${lead.id}`), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(async () => (await storedFiles(page)).includes(`/api/v1/leads/${lead.id}/recording`), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect
      .poll(async () => (await storedFiles(page)).includes(`/api/v1/leads/${other.id}/recording`), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await outboxRows(page)).toEqual([]);

    await context.setOffline(true);
    await page.locator('.leads-table__open', { hasText: name }).first().click();
    const drawer = page.getByRole('dialog', { name: `Lead ${name}` });
    await drawer.getByText(/Offline · data as of/).waitFor();
    // The recording plays from the device.
    await drawer.locator('audio[data-source="device"]').waitFor();
    expect(
      await drawer.locator('audio').evaluate((audio: HTMLAudioElement) => audio.src.startsWith('blob:')),
    ).toBe(true);
    await fillReview(page, 'Reviewed at the job site, offline.');
    await drawer.getByText('Pending sync').first().waitFor();
    await expect
      .poll(async () => (await outboxRows(page)).map((item) => [item.url, item.status]))
      .toEqual([[`/leads/${lead.id}/review`, 'queued']]);
    await shots(page, 'offline-lists-lead-reviewed');

    // A lead whose recording is not on the device (beyond the budget) says it needs a connection.
    await page.evaluate(async (id) => {
      for (const cacheName of await caches.keys()) {
        await (await caches.open(cacheName)).delete(`/api/v1/leads/${id}/recording`);
      }
    }, other.id);
    const otherName = await leadName(e2e, 'owner@demo.test', other.id);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('.leads-table__open', { hasText: otherName }).first().click();
    const otherDrawer = page.getByRole('dialog', { name: `Lead ${otherName}` });
    await otherDrawer
      .getByText("This call's recording isn't saved on this device. Connect to the internet to play it.")
      .waitFor();
    expect(await otherDrawer.locator('audio').count()).toBe(0);
    await shots(page, 'offline-lists-recording-needs-connection');

    await context.setOffline(false);
    await page.getByText('1 change sent').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    const owner = await e2e.api('owner@demo.test');
    const { lead: stored } = (await (await owner.call('GET', `/leads/${lead.id}`)).json()) as {
      lead: { notes: { review: { text: string } | null } };
    };
    expect(stored.notes.review?.text).toBe('Reviewed at the job site, offline.');
    expect(reviews).toEqual([200]);
    await context.close();
  });

  it("opens a campaign's drawer tabs offline without having opened it before", async () => {
    const api = await e2e.api('owner@demo.test');
    const rows = (
      (await (
        await api.call('POST', '/campaigns', { per_page: 20, order_by: 'name', order: 'asc' })
      ).json()) as {
        campaigns: { id: number; data: { name: string; value: string | null }[] }[];
      }
    ).campaigns;
    let chosen: { id: number; name: string } | undefined;
    for (const row of rows) {
      const detail = (await (await api.call('GET', `/campaigns/${row.id}`)).json()) as {
        campaign: { name: string; show_locations_tab: boolean; show_schedule: boolean };
      };
      if (detail.campaign.show_locations_tab && detail.campaign.show_schedule) {
        chosen = { id: row.id, name: detail.campaign.name };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const campaign = chosen as { id: number; name: string };
    const { context, page } = await e2e.newPage();
    await e2e.signedIn(page, 'owner@demo.test');
    await page.goto(e2e.url('/dashboard/campaigns'));
    await page.locator(`tr[data-campaign="${campaign.id}"]`).waitFor();
    for (const path of ['', '/locations', '/schedule']) {
      await expect
        .poll(async () => (await storedUrls(page)).includes(`/api/v1/campaigns/${campaign.id}${path}`), {
          timeout: 20_000,
        })
        .toBe(true);
    }

    await context.setOffline(true);
    await page.locator(`tr[data-campaign="${campaign.id}"]`).locator('.campaigns-table__name').click();
    const drawer = page.getByRole('dialog', { name: `Campaign ${campaign.name}` });
    await drawer.getByText('Campaign Info').waitFor();
    await drawer.getByText(/Offline · data as of/).waitFor();
    await drawer.getByRole('tab', { name: 'Locations' }).click();
    await drawer.locator('li.county').first().waitFor();
    await drawer.getByRole('tab', { name: 'Schedule' }).click();
    await drawer.getByText('Enable call schedule').waitFor();
    await shots(page, 'offline-lists-campaign-schedule');
    await context.close();
  });

  it('downloads an unpaid invoice offline, and offers the last loaded range for one never loaded', async () => {
    const billed = await fetch(e2e.url('/api/v1/dev/invoices'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'directories@demo.test' }),
    });
    const { invoice } = (await billed.json()) as { invoice: { id: number; name: string } };
    const { context, page } = await e2e.newPage();
    await e2e.signedIn(page, 'directories@demo.test');
    await page.goto(e2e.url('/dashboard/billing/invoices'));
    await page.getByRole('button', { name: `Download PDF ${invoice.name}` }).waitFor();
    await expect
      .poll(async () => (await storedFiles(page)).includes(`/api/v1/invoices/${invoice.id}`), {
        timeout: 20_000,
      })
      .toBe(true);
    const loaded = await page.getByRole('combobox', { name: 'Date range' }).inputValue();

    await context.setOffline(true);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download PDF ${invoice.name}` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${invoice.name}.pdf`);
    const bytes = await (await pdf.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

    await setRange(page, '01/01/2025', '01/31/2025');
    await page.getByText(NOT_LOADED).waitFor();
    const offer = page.getByRole('button', { name: /^Show the last loaded: / });
    await offer.waitFor();
    await shots(page, 'offline-lists-invoices-offer');
    await offer.click();
    await page.getByRole('button', { name: `Download PDF ${invoice.name}` }).waitFor();
    expect(await page.getByText(NOT_LOADED).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Date range' }).inputValue()).toBe(loaded);
    await context.close();
  });

  it('says once per device that offline data may be cleared when the browser refuses to keep it', async () => {
    // A device that has not been told yet (the shared harness marks it told for every other test).
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await e2e.signedIn(page, 'owner@demo.test');
      // Headless Chromium refuses persistent storage, as a browser does for a site not installed.
      expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
      const notice = page.getByRole('region', { name: 'Offline data on this device may be cleared' });
      await notice.waitFor();
      await notice.getByText(/Installing the app keeps it/).waitFor();
      await notice.getByText(/To install: choose Install app/).waitFor();
      await screenshot(page, 'offline-lists-storage-notice-390');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'offline-lists-storage-notice-1280');
      await notice.getByRole('button', { name: 'Got it' }).click();
      await notice.waitFor({ state: 'detached' });
      await page.reload();
      await page.locator('h1').first().waitFor();
      // Asked again on this page, refused again, and not said again.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('portal:storage-notice')))
        .toBe('said');
      expect(await notice.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
