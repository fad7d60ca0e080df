/**
 * The performance dashboards in a real browser against the real server, every figure checked
 * against the test's own SQL over the seeded data (performance-db.ts): the non-franchise page
 * (and the leads page agreeing with it), the summary's cards and a locked card's Get Started, the
 * search, social (a 'miss' reach filled by a live message), programmatic and RevConnect screens
 * (the promo without the flag), the location picker, and the same dashboard reloaded offline.
 * Screenshots of every screen at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { setRange, stat } from './leads-helpers';
import { dbRows, waitForController } from './page-db';
import {
  firstLocation,
  leadFigures,
  paidSearchLeads,
  ppcFigures,
  programmaticSpend,
  revconnectLeads,
  socialFigures,
  socialImpressionsOn,
  withTemplate,
} from './performance-db';
import { openPerformance, settled, shots } from './screens';

const START = '2026-11-01';
const END = '2026-11-15';
const SHOWN = ['11/01/2026', '11/15/2026'] as const;
const OWNER = 'owner@demo.test';
const FRANCHISE = 'franchise@demo.test';

type Figures = Record<string, Record<string, number | string>>;

async function pictures(page: Page, name: string) {
  await settled(page);
  // Nothing wider than a phone: tables scroll inside their panels.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
  await shots(page, name);
}

const statText = (page: Page, key: string) => page.locator(`[data-stat="${key}"]`).first().textContent();

describe('performance dashboards', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });
  let want: Figures;

  beforeAll(async () => {
    want = await withTemplate(async (q) => {
      const [owner] = await q(leadFigures(OWNER, START, END));
      const [franchise] = await q(leadFigures(FRANCHISE, START, END));
      const [search] = await q(paidSearchLeads(FRANCHISE, START, END));
      const [programmatic] = await q(programmaticSpend(FRANCHISE, START, END));
      const [social] = await q(socialFigures(FRANCHISE, START, END));
      const [revconnect] = await q(revconnectLeads(FRANCHISE, START, END));
      const [location] = await q(firstLocation(FRANCHISE));
      const [one] = await q(leadFigures(FRANCHISE, START, END, [String(location.ref_id)]));
      const [ppc] = await q(ppcFigures(FRANCHISE, START, END));
      const [instagram] = await q(socialImpressionsOn(FRANCHISE, START, END, 'instagram'));
      return {
        owner,
        franchise,
        search,
        programmatic,
        social,
        revconnect,
        location,
        one,
        ppc,
        instagram,
      } as Figures;
    });
  });

  it('the non-franchise performance page shows the leads page figures', async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, OWNER, '/dashboard/performance');
    await setRange(page, ...SHOWN);
    const o = want.owner;
    await expect.poll(() => stat(page, 'leads_count')).toBe(o.leads);
    expect(await stat(page, 'calls')).toBe(o.calls);
    expect(await stat(page, 'forms')).toBe(Number(o.leads) - Number(o.calls));
    expect(await stat(page, 'lead_cost')).toBeCloseTo(Number(o.cents) / 100, 2);
    await expect
      .poll(() => page.locator('[data-total="weekday"] strong').textContent())
      .toBe(String(o.leads));
    // The weekday chart's text alternative adds up to the total.
    const weekdayCells = await page
      .locator('.visually-hidden table')
      .filter({ hasText: 'Leads by Weekday' })
      .locator('tbody td')
      .allTextContents();
    const sum = weekdayCells.filter((_, i) => i % 3 !== 0).reduce((n, c) => n + Number(c), 0);
    expect(sum).toBe(o.leads);
    await pictures(page, 'perf-overview');
    // A recent lead links to the leads page with its id.
    const link = page
      .getByRole('region', { name: 'Recent Lead Activity', exact: true })
      .getByRole('link')
      .nth(1);
    await expect
      .poll(async () => (await link.getAttribute('href')) ?? '')
      .toMatch(/\/dashboard\/leads\?id=\d+$/);
    await page.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL('**/dashboard/leads');
    await setRange(page, ...SHOWN);
    await expect.poll(() => stat(page, 'total_leads')).toBe(o.leads);
    expect(await stat(page, 'total_cost')).toBeCloseTo(Number(o.cents) / 100, 2);
  });

  it('the summary: cards from the leads, a locked card, Get Started to the products page', async () => {
    const { page } = await e2e.newPage();
    await e2e
      .signedIn(page, FRANCHISE)
      .then(({ showAd }) => (showAd ? page.getByRole('button', { name: 'Not now' }).click() : undefined));
    await page.goto(e2e.url('/dashboard/performance'));
    await page.waitForURL('**/dashboard/performance/summary');
    await page.locator('.perf-head h1').waitFor();
    await setRange(page, ...SHOWN);
    const agency = page.getByRole('region', { name: 'Agency', exact: true });
    await expect
      .poll(async () =>
        Number((await agency.locator('[data-figure="total_leads"]').textContent())?.replace(/,/g, '')),
      )
      .toBe(want.franchise.leads);
    await expect.poll(() => page.locator('[data-locked="true"]').count()).toBe(3);
    await pictures(page, 'perf-summary');
    const submitted = page.waitForResponse((r) => r.url().includes('/sandbox/marketing/submissions'));
    await page
      .getByRole('region', { name: 'Pay Per Call', exact: true })
      .getByRole('button', { name: 'Get Started' })
      .click();
    expect((await submitted).status()).toBeLessThan(300);
    await page.waitForURL('**/dashboard/products');
  });

  it('search, programmatic and RevConnect with the flag; the location picker', async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/search');
    await setRange(page, ...SHOWN);
    await expect.poll(() => stat(page, 'total_leads')).toBe(want.search.leads);
    await expect.poll(() => page.getByText('Mobile Devices').first().isVisible()).toBe(true);
    // PPC Campaigns Summary: the locations overview's totals and the leads graph's points.
    const overview = page.getByRole('region', { name: 'PPC Locations Overview', exact: true });
    const total = (name: string) =>
      overview
        .locator(`[data-total="${name}"]`)
        .textContent()
        .then((t) => Number(t?.replace(/[$,]/g, '')));
    await expect.poll(() => total('clicks')).toBe(want.ppc.clicks);
    expect(await total('impressions')).toBe(want.ppc.impressions);
    expect(await total('leads')).toBe(want.ppc.leads);
    const leadPoints = () =>
      page
        .locator('.visually-hidden table')
        .filter({ has: page.locator('caption', { hasText: /^Leads$/ }) })
        .locator('tbody td:nth-child(2)')
        .allTextContents()
        .then((cells) => cells.reduce((n, c) => n + Number(c.replace(/,/g, '')), 0));
    // The graph draws once its own read has answered (after the totals, at times).
    await expect.poll(leadPoints).toBe(want.ppc.leads);
    await pictures(page, 'perf-search');

    await page.goto(e2e.url('/dashboard/performance/programmatic'));
    await setRange(page, ...SHOWN);
    await expect.poll(() => stat(page, 'spend')).toBeCloseTo(Number(want.programmatic.cents) / 100, 2);
    await pictures(page, 'perf-programmatic');

    await page.goto(e2e.url('/dashboard/performance/revconnect'));
    await setRange(page, ...SHOWN);
    await expect.poll(() => stat(page, 'leads')).toBe(want.revconnect.leads);
    await expect
      .poll(() => page.getByRole('region', { name: 'Location Breakdown', exact: true }).isVisible())
      .toBe(true);
    await pictures(page, 'perf-revconnect');

    // The location picker: none selected is refused; one location scopes the figures.
    await page.goto(e2e.url('/dashboard/performance/summary'));
    await setRange(page, ...SHOWN);
    await page.getByRole('button', { name: /^Locations/ }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Please select at least one location').isVisible()).toBe(true);
    await page.getByLabel(String(want.location.name)).check();
    await page.getByRole('button', { name: 'Save' }).click();
    const agency = page.getByRole('region', { name: 'Agency', exact: true });
    await expect
      .poll(async () =>
        Number((await agency.locator('[data-figure="total_leads"]').textContent())?.replace(/,/g, '')),
      )
      .toBe(want.one.leads);
  });

  it("social: the summary's figures and a 'miss' reach filled by the live update", async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/social');
    // Month to date includes today: the reach is still being compiled ('miss').
    await expect
      .poll(() => page.locator('[data-stat="reach"][aria-busy="true"]').count(), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => dbRows(page, 'reachValues').then((r) => r.length), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await statText(page, 'reach'))?.match(/\d/) !== null).toBe(true);
    await setRange(page, ...SHOWN);
    await expect.poll(() => stat(page, 'impressions')).toBe(want.social.impressions);
    expect(await stat(page, 'reach')).toBe(want.social.reach);
    // The Social Ads Breakdown's Filter dropdown: Instagram only.
    const ads = page.getByRole('region', { name: 'Social Ads Breakdown', exact: true });
    await ads.getByLabel('Filter Social Ads Breakdown').selectOption('instagram');
    await expect
      .poll(() =>
        ads
          .locator('[data-total="impressions"]')
          .textContent()
          .then((t) => Number(t?.replace(/,/g, '') ?? -1)),
      )
      .toBe(want.instagram.impressions);
    await pictures(page, 'perf-social');
  });

  it('RevConnect without the flag shows the promo', async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, OWNER, '/dashboard/performance/revconnect');
    await expect
      .poll(() => page.getByRole('heading', { name: 'What is your cost of marketing?' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'CONNECT to Find Out' }).isVisible()).toBe(true);
    await pictures(page, 'perf-revconnect-promo');
  });

  it('a dashboard opened before reloads offline with "as of"; a new range offline says so', async () => {
    const { context, page } = await e2e.newPage();
    await openPerformance(e2e, page, OWNER, '/dashboard/performance');
    await waitForController(page);
    await setRange(page, ...SHOWN);
    await expect.poll(() => stat(page, 'leads_count')).toBe(want.owner.leads);
    await context.setOffline(true);
    await page.reload();
    await page.locator('.perf-head h1').waitFor();
    // The reload starts at month to date, opened online before: shown from the device, "as of".
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: /as of/i }).first().isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('[data-stat="leads_count"]').count()).toBe(1);
    // A range never loaded on this device: the plain message and the last loaded one instead.
    await setRange(page, '11/02/2026', '11/03/2026');
    await expect.poll(() => page.getByText(/haven't been loaded on this device/).isVisible()).toBe(true);
    await page.getByRole('button', { name: /Show the last loaded: 11\/01\/2026 - 11\/15\/2026/ }).click();
    await expect.poll(() => stat(page, 'leads_count')).toBe(want.owner.leads);
    await pictures(page, 'perf-offline');
    await context.setOffline(false);
  });
});
