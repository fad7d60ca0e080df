/**
 * The leads screen in a real browser: filter, sort and search, a resized column kept across a
 * reload (an offline one too, at its new width from the first frame), the drawer's tabs for a call and a form lead (opened from ?id=), a lead arriving live,
 * the CSV export round trip through its notification, the phone and laptop layouts, thousands of
 * leads found on the device offline with only the rows in view in the page, a load error
 * with Retry, a call from a row on a phone, a search that matches nothing, the review window's
 * countdown offline, an axe sweep of each screen, and screenshots at 1280, 1024 and 390 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import {
  openLeads,
  rowNames,
  SEED_END,
  SEED_START,
  serverCityWidth,
  setRange,
  stat,
  widenCity,
} from './leads-helpers';
import { dbRows, waitForController } from './page-db';
import { screenshot, screenshotDir, stillAnimations } from './screens';

/** Stores `pages` pages of 100 leads in the device's read cache, as browsing the list would. */
async function storeLeadPages(pages: number): Promise<number> {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('customer-portal');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const db = await open();
  const read = (key: string) =>
    new Promise<unknown>((resolve) => {
      const get = db.transaction('session').objectStore('session').get(key);
      get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value);
    });
  const token = String(await read('token'));
  const userId = Number(await read('user_id'));
  const headers = { 'content-type': 'application/json', 'x-auth-token': token, 'x-user-id': String(userId) };
  const rows: {
    key: string;
    user_id: number;
    method: string;
    url: string;
    data: { leads: unknown[] };
    stored_at: number;
  }[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const body = { page, per_page: 100, order_by: 'created_at', order: 'desc' };
    const answer = await fetch('/api/v1/leads', { method: 'POST', headers, body: JSON.stringify(body) });
    rows.push({
      key: `${userId}:POST /api/v1/leads#test-${page}`,
      user_id: userId,
      method: 'POST',
      url: '/api/v1/leads',
      data: (await answer.json()) as { leads: unknown[] },
      stored_at: Date.now(),
    });
  }
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('responses', 'readwrite');
    for (const row of rows) tx.objectStore('responses').put(row);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  return rows.reduce((n, row) => n + row.data.leads.length, 0);
}

describe('leads screen', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('filters, sorts and searches', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await setRange(page, SEED_START, SEED_END);
    // The file's first list from a cold server: give it the time a busy CI machine needs.
    await expect.poll(() => stat(page, 'total_leads'), { timeout: 15_000 }).toBeGreaterThan(40);
    const forms = await stat(page, 'form_leads');

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect
      .poll(async () => (await page.locator('th[aria-sort]').textContent()) ?? '')
      .toContain('Name');
    const names = await rowNames(page);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: 'New filter' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('This field is required').waitFor();
    await page.getByLabel('Field').selectOption('lead_type');
    await page.getByLabel('Value').selectOption('Form');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => stat(page, 'total_leads')).toBe(forms);
    expect(await page.locator('.lead-type').allTextContents()).toEqual(expect.arrayContaining(['Form']));
    expect(new Set(await page.locator('.lead-type').allTextContents())).toEqual(new Set(['Form']));
    await page.getByRole('button', { name: /Remove filter Lead Type is Form/ }).click();

    // A saved filter applies at once.
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: 'Calls only', exact: true }).click();
    await expect
      .poll(async () => [...new Set(await page.locator('.lead-type').allTextContents())])
      .toEqual(['Call']);
    await page.getByRole('button', { name: /Remove filter/ }).click();

    const search = page.getByRole('searchbox', { name: 'Search' });
    const surname = ((await rowNames(page))[3] ?? '').split(' ')[1].toLowerCase();
    await search.fill(surname);
    await expect
      .poll(
        async () => {
          const found = await rowNames(page);
          return found.length > 0 && found.every((n) => n.toLowerCase().includes(surname));
        },
        { timeout: 8000 },
      )
      .toBe(true);
    await search.fill('');
    await expect.poll(() => stat(page, 'total_leads')).toBeGreaterThan(forms);
    await context.close();
  });

  it('saves and deletes a filter, and configures the columns', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await page.locator('.data-table__row').first().waitFor();
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: 'New filter' }).click();
    await page.getByLabel('Field').selectOption('billable');
    await page.getByLabel('Value').selectOption('false');
    await page.getByRole('button', { name: 'Save Filter' }).click();
    const modal = page.getByRole('dialog', { name: 'Save Filter' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Filter name is required').waitFor();
    await modal.getByLabel(/Filter name/).fill('Calls only');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('A filter with this name already exists').waitFor();
    await modal.getByLabel(/Filter name/).fill('Not billable');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove filter Billable is Not billable' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: 'Not billable', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete saved filter Not billable' }).click();
    await page.getByRole('button', { name: 'Not billable', exact: true }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Table Config' }).click();
    const panel = page.locator('.table-config');
    for (const box of await panel.getByRole('checkbox').all()) await box.uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('At least one column must be selected').waitFor();
    await panel.getByRole('checkbox', { name: 'Email' }).check();
    await panel.getByRole('checkbox', { name: 'Name' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('thead th').allTextContents(), { timeout: 10_000 })
      .toEqual(['Name', 'Email', 'Contact']);
    await page.getByRole('button', { name: 'Table Config' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect
      .poll(async () => (await page.locator('thead th').allTextContents()).length, { timeout: 10_000 })
      .toBe(9);
    await context.close();
  });

  it('keeps a resized column width across a reload', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await page.locator('.data-table__row').first().waitFor();
    const { before, after } = await widenCity(page);
    expect(after).toBeGreaterThan(before + 60);
    const owner = await e2e.api('owner@demo.test');
    await expect.poll(() => serverCityWidth(owner)).toBe(after);
    await page.reload();
    await page.locator('.data-table__row').first().waitFor();
    // The device's copy took the width at the drag (toolbar-api.ts), and the server's answer agrees.
    await expect
      .poll(async () =>
        Number(await page.getByRole('separator', { name: 'Resize City' }).getAttribute('aria-valuenow')),
      )
      .toBe(after);
    await context.close();
  });

  it('draws a column resized offline at its new width from the first frame of an offline reload', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await page.locator('.data-table__row').first().waitFor();
    await waitForController(page);
    await context.setOffline(true);
    const { before, after } = await widenCity(page);
    expect(after).toBeGreaterThan(before + 60);
    await expect
      .poll(async () => (await dbRows<{ url: string }>(page, 'outbox')).map((row) => row.url))
      .toEqual(['/table/leads']);
    // Every width the City column shows from the reload's first frame on.
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { cityWidths: number[] }).cityWidths = seen;
      new MutationObserver(() => {
        const value = document.querySelector('[aria-label="Resize City"]')?.getAttribute('aria-valuenow');
        if (value && seen.at(-1) !== Number(value)) seen.push(Number(value));
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.reload();
    await page.locator('.data-table__row').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { cityWidths: number[] }).cityWidths)).toEqual([
      after,
    ]);
    await context.setOffline(false);
    const owner = await e2e.api('owner@demo.test');
    await expect.poll(() => serverCityWidth(owner)).toBe(after);
    await context.close();
  });

  it('keeps only the rows in view in the page offline, over thousands of leads found on the device', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'franchise@demo.test');
    await page.locator('.data-table__row').first().waitFor();
    // The device holds 2,000 of the franchise's leads, as browsing twenty pages of 100 would leave.
    expect(await page.evaluate(storeLeadPages, 20)).toBe(2000);
    await setRange(page, '01/01/2024', SEED_END);
    await page.locator('.data-table__row').first().waitFor();
    await context.setOffline(true);
    // A filter never asked before is answered from the device: every stored lead that matches.
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: 'New filter' }).click();
    await page.getByLabel('Field').selectOption('lead_type');
    await page.getByLabel('Value').selectOption('Call');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.leads-page__local').waitFor();
    await expect.poll(() => stat(page, 'total_leads')).toBeGreaterThan(500);
    const rowsInPage = () => page.locator('.data-table__row').count();
    expect(await rowsInPage()).toBeLessThan(60);
    // The list scrolls with the page: halfway down, the rows in view are drawn, and only those.
    const box = await page.locator('.data-table').boundingBox();
    if (!box) throw new Error('no table');
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, box.y + box.height / 2 - 400);
    const rowAtCenter = () =>
      page.evaluate(() => Boolean(document.elementFromPoint(640, 400)?.closest('.data-table__row')));
    await expect.poll(rowAtCenter).toBe(true);
    expect(await rowsInPage()).toBeLessThan(60);
    mkdirSync(screenshotDir, { recursive: true });
    // What is in view halfway down (a full-page picture of 2,000 rows would be 50,000 px tall).
    await page.screenshot({ path: join(screenshotDir, 'leads-offline-many-1280.png') });
    await context.close();
  });

  it('opens a call lead from ?id= with its tabs, and a form lead with its questions', async () => {
    const owner = await e2e.api('owner@demo.test');
    const find = async (type: 'Call' | 'Form') => {
      const list = (await (
        await owner.call('POST', '/leads', {
          per_page: 100,
          filters: [{ name: 'lead_type', op: 'equals', value: type }],
        })
      ).json()) as { leads: { lead_id: number }[] };
      for (const { lead_id } of list.leads) {
        const { lead } = (await (await owner.call('GET', `/leads/${lead_id}`)).json()) as {
          lead: { details: { transcriptions: unknown[] }; demographic: unknown; name: string };
        };
        if (type === 'Form' ? lead.demographic : lead.details.transcriptions.length)
          return { id: lead_id, name: lead.name };
      }
      throw new Error(`no ${type} lead`);
    };
    const call = await find('Call');
    const form = await find('Form');

    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage(width, width === 390 ? 844 : 800);
      await openLeads(e2e, page, 'owner@demo.test', `?id=${call.id}`);
      const drawer = page.getByRole('dialog', { name: `Lead ${call.name}` });
      await drawer.getByRole('tab', { name: 'Transcript' }).waitFor();
      await expect.poll(() => page.evaluate(() => window.location.search)).toBe('');
      expect(await drawer.getByRole('tab').allTextContents()).toEqual(
        expect.arrayContaining(['Details', 'Transcript']),
      );
      expect(await drawer.getByRole('tab', { name: 'Questions' }).count()).toBe(0);
      await drawer.getByText('Portions of these details have been generated by the use of AI.').waitFor();
      expect(await drawer.locator('audio').getAttribute('src')).toMatch(/\/recording\?expires=/);
      await drawer.getByText('Dispute status').waitFor();
      await stillAnimations(drawer);
      await screenshot(page, `leads-drawer-call-${width}`);
      // Phone numbers read (XXX) XXX-XXXX and call when tapped; emails open the mail app.
      const phone = drawer.locator('a[href^="tel:"]').first();
      expect(await phone.textContent()).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      if (await drawer.locator('a[href^="mailto:"]').count()) {
        expect(await drawer.locator('a[href^="mailto:"]').first().getAttribute('href')).toMatch(
          /^mailto:\S+@/,
        );
      }
      await expectAccessible(page, `lead drawer ${width}`);
      await drawer.getByRole('tab', { name: 'Transcript' }).click();
      await drawer.getByRole('list', { name: 'Call transcript' }).waitFor();
      await expectAccessible(page, `lead transcript ${width}`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await page.locator('.data-table__row').first().waitFor();
      await stillAnimations(page.locator('body'));
      await screenshot(page, `leads-page-${width}`);
      await expectAccessible(page, `leads ${width}`);
      await context.close();
    }

    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test', `?id=${form.id}`);
    const drawer = page.getByRole('dialog', { name: `Lead ${form.name}` });
    await drawer.getByRole('tab', { name: 'Questions' }).click();
    await drawer.getByText('What service do you need?').waitFor();
    expect(await drawer.getByRole('tab').allTextContents()).toEqual(['Details', 'Questions', 'Demographic']);
    await drawer.getByRole('tab', { name: 'Demographic' }).click();
    await drawer.getByRole('heading', { name: 'Owner' }).waitFor();
    await screenshot(page, 'leads-drawer-form-1280');
    await context.close();
  });

  it('fits a phone: compact statistics, a one-row toolbar, five leads in the first 844 px, one scroll', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await openLeads(e2e, page, 'franchise@demo.test');
    const dialog = page.getByRole('dialog');
    if (await dialog.count()) await dialog.getByRole('button', { name: 'Close' }).click();
    await page.locator('.data-table__row').nth(5).waitFor();
    // Statistics labels are the real ones from the start.
    expect(await page.locator('.leads-stats__label').allTextContents()).toEqual([
      'Total Leads',
      'Calls',
      'Forms',
      'Total Cost',
      'AVG CPL',
    ]);
    const fifth = await page.locator('.data-table__row').nth(4).boundingBox();
    expect((fifth?.y ?? 9999) + (fifth?.height ?? 0)).toBeLessThanOrEqual(844);
    // One scroll: the table grows with the page instead of scrolling inside a box.
    const table = page.locator('.data-table');
    expect(await table.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    // Every row says Call or Form, and when: the day and the time.
    const first = page.locator('.data-table__row').first();
    expect(['Call', 'Form']).toContain(await first.locator('.lead-type').textContent());
    expect(await first.locator('td').nth(1).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}\d{1,2}:\d{2} [AP]M/);
    // The toolbar is one row; its other controls open under it.
    await expect.poll(() => page.getByRole('combobox', { name: 'Date range' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.getByRole('combobox', { name: 'Date range' }).waitFor();
    await page.getByRole('button', { name: 'Table Config' }).waitFor();
    await screenshot(page, 'leads-phone-tools-390');
    await expectAccessible(page, 'leads phone tools open');
    await page.getByRole('button', { name: 'Tools' }).click();
    await screenshot(page, 'leads-phone-390');
    await context.close();
  });

  it('fits 1280 and 1024 px without a cut-off column, and Tab skips the resize handles', async () => {
    const { context, page } = await e2e.newPage(1280, 800);
    await openLeads(e2e, page, 'franchise@demo.test');
    const dialog = page.getByRole('dialog');
    if (await dialog.count()) await dialog.getByRole('button', { name: 'Close' }).click();
    await page.locator('.data-table__row').first().waitFor();
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() =>
          page.evaluate(() => {
            const box = document.querySelector('.data-table')?.getBoundingClientRect();
            const last = [...document.querySelectorAll('thead th')].at(-1)?.getBoundingClientRect();
            return box && last ? Math.round(last.right - box.right) : 999;
          }),
        )
        .toBeLessThanOrEqual(0);
      // Badges are whole: the name gives way first.
      const cut = await page
        .locator('.lead-type')
        .evaluateAll((badges) => badges.filter((b) => b.scrollWidth > b.clientWidth + 1).length);
      expect(cut).toBe(0);
      await screenshot(page, `leads-laptop-${width}`);
    }
    await page.getByRole('button', { name: 'Name', exact: true }).focus();
    let stops = 0;
    while (!(await page.evaluate(() => document.activeElement?.classList.contains('leads-table__open')))) {
      await page.keyboard.press('Tab');
      stops += 1;
      expect(stops).toBeLessThanOrEqual(8);
    }
    expect(await page.locator('.data-table').evaluate((el) => el.scrollLeft)).toBe(0);
    await context.close();
  });

  it('says what went wrong in plain words with Retry when the leads cannot load', async () => {
    const { context, page } = await e2e.newPage();
    await context.route('**/api/v1/leads', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"errors":"pg: relation leads_x"}',
      }),
    );
    await openLeads(e2e, page, 'owner@demo.test');
    const error = page.getByText('We could not load your leads: the server had a problem on its side.');
    await error.waitFor({ timeout: 15_000 });
    expect(await page.getByText('pg: relation').count()).toBe(0);
    expect(await page.getByText('No data available').count()).toBe(0);
    expect(await page.locator('.leads-stats__label').first().textContent()).toBe('Total Leads');
    await screenshot(page, 'leads-error-1280');
    await context.unroute('**/api/v1/leads');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.data-table__row').first().waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('shows a new lead live, at the top when sorted by newest, and in the statistics', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await page.locator('.data-table__row').first().waitFor();
    const total = await stat(page, 'total_leads');
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Form' });
    const owner = await e2e.api('owner@demo.test');
    const { lead: detail } = (await (await owner.call('GET', `/leads/${lead.id}`)).json()) as {
      lead: { name: string };
    };
    await expect.poll(async () => (await rowNames(page))[0], { timeout: 15_000 }).toBe(detail.name);
    expect(await stat(page, 'total_leads')).toBe(total + 1);
    await context.close();
  });

  it('exports a small range at once and a large one through its notification', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await setRange(page, SEED_START, SEED_END);
    await page.locator('.data-table__row').first().waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Export' });
    await modal.getByText(/A CSV file of all leads data between 11\/01\/2026 and 11\/20\/2026/).waitFor();
    await modal.getByText('Locations:').waitFor();
    const [small] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const smallText = readFileSync((await small.path()) as string, 'utf8');
    // The file holds exactly the leads the header counts for the same dates.
    await expect.poll(() => stat(page, 'total_leads')).toBe(smallText.trim().split('\r\n').length - 1);

    await setRange(page, '01/01/2025', SEED_END);
    // Whether the button shows blocked in between depends on whether the file is written before
    // the answer is handled (often here); test/unit/ui/toolbar/export-button.test.tsx covers both.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'Download CSV' }).click();
    await page
      .getByText("Export in progress. You'll receive a notification once it's ready.")
      .first()
      .waitFor();
    const download = page.getByRole('button', { name: 'Click to download' });
    await download.waitFor({ timeout: 30_000 });
    const [large] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const largeText = readFileSync((await large.path()) as string, 'utf8');
    expect(largeText.trim().split('\r\n').length).toBeGreaterThan(2001);
    await expect
      .poll(() => page.getByRole('button', { name: 'Export', exact: true }).isDisabled())
      .toBe(false);
    await context.close();
  });

  it('calls a lead from its row on a phone without opening it, names shown whole, and says when a search matches nothing', async () => {
    await e2e.newLead('owner@demo.test', { lead_type: 'Form' });
    const { context, page } = await e2e.newPage(390, 844);
    await openLeads(e2e, page, 'owner@demo.test');
    const first = page.locator('.data-table__row').first();
    await first.waitFor();
    const call = first.getByRole('link', { name: /^Call / });
    const name = (await first.locator('.leads-table__open').textContent()) ?? '';
    expect(await call.textContent()).toBe(`Call ${name}`);
    expect(await call.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    const box = await call.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(40);
    // Every name on screen shows whole (wrapped, not cut to "Rebecca Richa…").
    const cut = await page
      .locator('.leads-table__open')
      .evaluateAll(
        (names) =>
          names.filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
            .length,
      );
    expect(cut).toBe(0);
    await screenshot(page, 'leads-call-390');
    // The tap dials and does nothing else: the row under it does not open the drawer.
    await call.evaluate((link) => link.addEventListener('click', (event) => event.preventDefault()));
    await call.click();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search' }).fill('Zzqxv');
    await page.getByText("No leads match 'Zzqxv'").waitFor({ timeout: 8000 });
    expect(await stat(page, 'total_leads')).toBe(0);
    expect(await page.locator('.leads-stats__change').count()).toBe(0);
    await screenshot(page, 'leads-no-match-390');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await first.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    await context.close();
  });

  it("counts a new lead's review window down on the device, offline too", async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Form' });
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    const row = page.locator('.data-table__row').filter({ has: page.getByRole('link', { name: /^Email / }) });
    await page.locator('.data-table__row').first().waitFor();
    const owner = await e2e.api('owner@demo.test');
    const { lead: detail } = (await (await owner.call('GET', `/leads/${lead.id}`)).json()) as {
      lead: { name: string };
    };
    const mine = row.filter({ hasText: detail.name }).first();
    await mine.waitFor();
    await expect
      .poll(() => mine.locator('.review-window-note').textContent())
      .toMatch(/Review window closes in \d+ (day|hour|minute)s?/);
    await screenshot(page, 'leads-call-1280');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Zzqxv');
    await page.getByText("No leads match 'Zzqxv'").waitFor({ timeout: 8000 });
    await page.locator('h1.leads-page__title').click();
    await screenshot(page, 'leads-no-match-1280');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await mine.waitFor();

    await waitForController(page);
    // The list keeps its leads' details for offline use: this one's too, though never opened.
    await expect
      .poll(
        async () =>
          (await dbRows<{ url: string }>(page, 'responses')).some(
            (r) => r.url === `/api/v1/leads/${lead.id}`,
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await mine.waitFor({ timeout: 15_000 });
    const countdown = (await mine.locator('.review-window-note').textContent()) ?? '';
    expect(countdown).toMatch(/Review window closes in \d+ (day|hour|minute)s?/);
    await mine.getByRole('button', { name: detail.name }).click();
    const drawer = page.getByRole('dialog', { name: `Lead ${detail.name}` });
    await expect
      .poll(() => drawer.locator('.lead-review__countdown').textContent(), { timeout: 10_000 })
      .toMatch(/^Review window closes in \d+ (day|hour|minute)s?$/);
    await screenshot(page, 'leads-countdown-offline-1280');
    await context.setOffline(false);
    await context.close();
  });
});
