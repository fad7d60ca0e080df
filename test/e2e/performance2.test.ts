/**
 * More of the performance dashboards in a real browser against the real server, figures checked
 * against the test's own SQL (performance-db.ts): a breakdown table's Export downloads its CSV
 * through the table's `.csv` path, the Device Breakdown screen (/dashboard/performance/devices)
 * with its table, pies and provider switch, the social ads' thumbnails, a reload's reports asked
 * for alongside the locations, a screen whose locations cannot be read (offline, server failing)
 * saying so with a Retry, and the summary's locked card title clear of the lock ribbon. Screenshots at 1280 and 390 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { holdRequests } from './held-requests';
import { setRange } from './leads-helpers';
import { dropStoredReads, waitForController } from './page-db';
import { deviceFigures, searchLocationFigures, socialThumbnails, withTemplate } from './performance-db';
import { openPerformance, settled, shots } from './screens';

const START = '2026-11-01';
const END = '2026-11-15';
const SHOWN = ['11/01/2026', '11/15/2026'] as const;
const FRANCHISE = 'franchise@demo.test';

type Row = Record<string, unknown>;

/** The rows of a CSV file (RFC 4180 quoting: names hold commas). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quoted && c === '"' && line[i + 1] === '"') cell += line[++i];
        else if (c === '"') quoted = !quoted;
        else if (c === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      return [...cells, cell];
    });
}

const number = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

/** A device table's cells: label -> { leads, clicks }. */
async function deviceTable(page: Page) {
  const region = page.getByRole('region', { name: 'Device Breakdown', exact: true });
  const rows = await region.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      label: tr.querySelector('[data-cell="device type"]')?.textContent ?? '',
      leads: tr.querySelector('[data-cell="leads"]')?.textContent ?? '',
      clicks: tr.querySelector('[data-cell="clicks"]')?.textContent ?? '',
    })),
  );
  return rows.map((r) => ({ label: r.label, leads: number(r.leads), clicks: number(r.clicks) }));
}

/** A pie's text alternative: [device, value] rows of the "<name> by Device" table. */
const pieRows = (page: Page, name: string) =>
  page
    .locator('.visually-hidden table')
    .filter({ has: page.locator('caption', { hasText: `${name} by Device` }) })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

describe('performance dashboards, part 2', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });
  let want: { ppc: Row[]; lsa: Row[]; locations: Row[]; thumbnails: Row[] };

  beforeAll(async () => {
    want = await withTemplate(async (q) => ({
      ppc: await q(deviceFigures(FRANCHISE, START, END, 'ppc')),
      lsa: await q(deviceFigures(FRANCHISE, START, END, 'lsa')),
      locations: await q(searchLocationFigures(FRANCHISE, START, END)),
      thumbnails: await q(socialThumbnails(FRANCHISE, START, END)),
    }));
  });

  it("a breakdown table's Export downloads its CSV through the table's .csv path", async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/search');
    await setRange(page, ...SHOWN);
    await settled(page);
    const table = page.getByRole('region', { name: 'Search Location Breakdown', exact: true });
    await table.getByRole('button', { name: 'Export', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Export' });
    await modal.getByText(/A CSV file of all locations data between 11\/01\/2026 and 11\/15\/2026/).waitFor();
    const posted = page.waitForRequest(
      (r) =>
        r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/performance/locations/breakdown.csv',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect((await posted).postDataJSON()).toMatchObject({ start_date: START, end_date: END });
    const [header, ...rows] = csvRows(readFileSync((await download.path()) as string, 'utf8'));
    // One line per location, in the table's order, each with the leads of the test's own SQL.
    expect(rows.map((r) => r[0])).toEqual(want.locations.map((l) => l.name));
    const leads = header.indexOf('Total Leads');
    expect(rows.map((r) => Number(r[leads]))).toEqual(want.locations.map((l) => l.leads));
    const total = want.locations.reduce((n, l) => n + Number(l.leads), 0);
    expect(rows.reduce((n, r) => n + Number(r[leads]), 0)).toBe(total);
  });

  it('the Device Breakdown screen: table and pies from the facts, the provider switch changes them', async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/devices');
    await expect.poll(() => page.locator('.perf-head h1').textContent()).toBe('Device Breakdown');
    await setRange(page, ...SHOWN);
    await settled(page);
    const expected = (rows: Row[]) =>
      rows.map((r) => ({ label: r.label, leads: Number(r.leads), clicks: Number(r.clicks) }));
    await expect.poll(() => deviceTable(page)).toEqual(expected(want.ppc));
    expect(
      await page.getByRole('button', { name: 'PPC' }).getAttribute('aria-pressed'),
      'ppc is the default',
    ).toBe('true');
    const pie = (name: string, rows: Row[], key: 'leads' | 'clicks') =>
      expect
        .poll(() => pieRows(page, name))
        .toEqual(rows.map((r) => [r.label, Number(r[key]).toLocaleString('en-US')]));
    await pie('Leads', want.ppc, 'leads');
    await pie('Clicks', want.ppc, 'clicks');
    // Both pies are drawn: one slice (an SVG path) per device type with a value.
    for (const name of ['Leads by Device', 'Clicks by Device'])
      await expect
        .poll(() => page.getByRole('region', { name, exact: true }).locator('svg path').count())
        .toBeGreaterThanOrEqual(2);
    await shots(page, 'perf2-devices');

    await page.getByRole('button', { name: 'LSA' }).click();
    await expect.poll(() => deviceTable(page)).toEqual(expected(want.lsa));
    await pie('Leads', want.lsa, 'leads');
    expect(expected(want.lsa)).not.toEqual(expected(want.ppc));
  });

  it('social ad thumbnails load; a missing one shows an empty frame', async () => {
    expect(want.thumbnails.length).toBeGreaterThan(0);
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/social');
    await setRange(page, ...SHOWN);
    await settled(page);
    const ads = page.getByRole('region', { name: 'Social Ads Breakdown', exact: true });
    await ads.locator('img.perf-thumb').first().waitFor();
    // The thumbnails load lazily: bring the table into view (far below the fold at 800 px high).
    await ads.locator('img.perf-thumb').last().scrollIntoViewIfNeeded();
    const loaded = () =>
      ads.locator('img.perf-thumb').evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: new URL(img.src).pathname,
          width: img.complete ? img.naturalWidth : -1,
        })),
      );
    await expect.poll(async () => (await loaded()).every((i) => i.width > 0), { timeout: 10_000 }).toBe(true);
    const sources = new Set((await loaded()).map((i) => i.src));
    for (const s of sources) expect(want.thumbnails.map((t) => t.ad_thumbnail)).toContain(s);
    // At 1280 px the whole table fits beside the thumbnails: nothing to scroll sideways for.
    const overflow = await ads
      .locator('.perf-table-wrap')
      .evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shots(page, 'perf2-social-ads');

    // A thumbnail that fails to load (gone from the server, or offline: not precached) turns
    // into the empty frame, not a broken image.
    const images = await ads.locator('img.perf-thumb').count();
    expect(await ads.locator('.perf-thumb--missing').count()).toBe(0);
    await ads
      .locator('img.perf-thumb')
      .first()
      .evaluate((img: HTMLImageElement) => {
        img.src = '/demo/ads/no-such-ad.jpg';
      });
    await expect.poll(() => ads.locator('.perf-thumb--missing').count()).toBe(1);
    expect(await ads.locator('img.perf-thumb').count()).toBe(images - 1);
  });

  it('a reload asks for the reports with the locations, not after them, and shows the screen (its title at once) once both answered', async () => {
    const { context, page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/social');
    const summary = page.getByRole('region', { name: 'Social Ad Summary', exact: true });
    await summary.waitFor();
    // Nothing stored on the device any more (every read goes to the network), the locations held.
    await dropStoredReads(page);
    const release = await holdRequests(context, '**/api/v1/user_locations**');
    const asked = page.waitForRequest((request) =>
      request.url().includes('/api/v1/performance/social/summary?'),
    );
    await page.reload();
    // The report is asked for with the selection kept from the last visit, while the screen stays
    // held until the locations are known.
    await asked;
    expect(await page.locator('.perf-page[aria-busy="true"]').count()).toBe(1);
    // Its title shows meanwhile (it is known from the start and does not move); the rest does not.
    expect(await page.locator('.perf-head h1').isVisible()).toBe(true);
    expect(await page.locator('.perf-head__controls').isVisible()).toBe(false);
    release();
    await summary.waitFor();
    await expect.poll(() => page.locator('.perf-page[aria-busy="true"]').count()).toBe(0);
  });

  it('a screen whose locations were never read here says so offline and when the server fails, and shows itself on Retry', async () => {
    const { context, page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/social');
    const summary = page.getByRole('region', { name: 'Social Ad Summary', exact: true });
    await summary.waitFor();
    await waitForController(page);
    // Offline, with nothing stored on the device: the shell comes from the worker, the reads fail.
    await dropStoredReads(page);
    await context.setOffline(true);
    await page.reload();
    const failed = page.getByRole('alert').filter({ hasText: 'We could not load your locations' });
    await failed.getByText('this device is offline or the server did not answer.').waitFor();
    expect(await page.locator('.perf-page[aria-busy="true"]').count()).toBe(0);
    expect(await page.locator('.perf-head h1').textContent()).toBe('Social Ads');
    await shots(page, 'perf-locations-offline');
    // Back online the screen reads again by itself.
    await context.setOffline(false);
    await summary.waitFor();
    expect(await failed.count()).toBe(0);
    // The server failing: the same message in its words, and Retry reads again.
    await dropStoredReads(page);
    await context.route('**/api/v1/user_locations**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.reload();
    await failed.getByText('the server had a problem on its side.').waitFor();
    await context.unroute('**/api/v1/user_locations**');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await summary.waitFor();
    expect(await failed.count()).toBe(0);
  });

  it("the summary's locked card title is not covered by the lock ribbon, at 1280 and 390 px", async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/summary');
    await setRange(page, ...SHOWN);
    await settled(page);
    const card = page.getByRole('region', { name: 'Performance Paid Media', exact: true });
    await expect.poll(() => card.getAttribute('data-locked')).toBe('true');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      // The title's text ends before the ribbon's box begins (or lies below it).
      const clear = await card.evaluate((el) => {
        const title = el.querySelector('.perf-card__title') as HTMLElement;
        const ribbon = el.querySelector('.perf-card__ribbon') as HTMLElement;
        const range = document.createRange();
        range.selectNodeContents(title);
        const r = ribbon.getBoundingClientRect();
        return [...range.getClientRects()].every(
          (t) => t.right <= r.left || t.bottom <= r.top || t.top >= r.bottom,
        );
      });
      expect(clear, `title clear of the ribbon at ${width} px`).toBe(true);
    }
    await shots(page, 'perf2-summary-locked');
  });
});
