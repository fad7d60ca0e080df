/**
 * The report range and the franchise's locations in a real browser (issue 51 item 4): a range
 * picked on one performance screen is the range of the next screen and of Leads (and back), asked
 * for in their requests; "Past 7 days" is seven dates; the location picker's search narrows the
 * 28 locations as the user types and says how many; the leads Export modal names the location
 * filter that applies. Screenshots at 1280 and 390 px, each an axe sweep.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { openLeads, setRange } from './leads-helpers';
import { openPerformance, settled, shots } from './screens';

const FRANCHISE = 'franchise@demo.test';
const SHOWN = ['11/02/2026', '11/16/2026'] as const;
const LABEL = `${SHOWN[0]} - ${SHOWN[1]}`;

/** The dates button of the screen's range picker: "MM/DD/YYYY - MM/DD/YYYY". */
const shownRange = (page: Page) =>
  page
    .getByRole('button', { name: /^Change dates:/ })
    .first()
    .textContent()
    .then((text) => (text ?? '').replace('Change dates: ', '').trim());

/** Resolves with the first request to `path` that asks for the given dates. */
const askedFor = (page: Page, path: string, start: string, end: string) =>
  page.waitForRequest((r) => {
    const url = new URL(r.url());
    if (url.pathname !== path) return false;
    const body = r.method() === 'POST' ? ((r.postDataJSON() ?? {}) as Record<string, unknown>) : {};
    const from = url.searchParams.get('start_date') ?? body.start_date;
    const to = url.searchParams.get('end_date') ?? body.end_date;
    return from === start && to === end;
  });

const days = (label: string) => {
  const [from, to] = label.split(' - ').map((d) => {
    const [m, day, y] = d.split('/').map(Number);
    return Date.UTC(y, m - 1, day);
  });
  return (to - from) / 86_400_000 + 1;
};

describe('the report range and the location picker', () => {
  const e2e = useE2e({ axe: true, env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('a range picked on one performance screen is the range of the others and of Leads', async () => {
    const { page } = await e2e.newPage();
    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/search');
    await setRange(page, ...SHOWN);
    await settled(page);
    expect(await shownRange(page)).toBe(LABEL);

    // Another performance screen opens with it, and asks for it.
    const social = askedFor(page, '/api/v1/performance/social/summary', '2026-11-02', '2026-11-16');
    await page.goto(e2e.url('/dashboard/performance/social'));
    await social;
    await expect.poll(() => shownRange(page)).toBe(LABEL);
    await settled(page);
    await shots(page, 'report-range-social');

    // Leads too: the list and its figures are those dates.
    const leads = askedFor(page, '/api/v1/leads', '2026-11-02', '2026-11-16');
    await page.goto(e2e.url('/dashboard/leads'));
    await leads;
    await expect.poll(() => shownRange(page)).toBe(LABEL);

    // Past 7 days picked on Leads: seven dates ending today, and so on the summary.
    await page.getByRole('combobox', { name: 'Date range' }).selectOption('week');
    await expect.poll(async () => days(await shownRange(page))).toBe(7);
    const week = await shownRange(page);
    await page.goto(e2e.url('/dashboard/performance/summary'));
    await page.locator('.perf-head h1').waitFor();
    await expect.poll(() => shownRange(page)).toBe(week);
    expect(await page.getByRole('combobox', { name: 'Date range' }).inputValue()).toBe('week');
    await settled(page);
  });

  it("the location picker's search narrows the 28 locations and says how many", async () => {
    const { page } = await e2e.newPage();
    const user = await e2e.api(FRANCHISE);
    const { locations } = (await (await user.call('GET', '/user_locations')).json()) as {
      locations: { ref_id: string; name: string }[];
    };
    expect(locations).toHaveLength(28);
    const target = locations[5].name;
    // Names read "BrightPath Roofing - Cincinnati, OH": the city is what a user types.
    const word = (target.split(' - ').pop() ?? target).split(',')[0];
    const matching = locations.filter((l) => l.name.toLowerCase().includes(word.toLowerCase()));

    await openPerformance(e2e, page, FRANCHISE, '/dashboard/performance/summary');
    await settled(page);
    const button = page.getByRole('button', { name: 'Locations (28/28)' });
    await button.focus();
    await page.keyboard.press('Enter');
    const search = page.getByRole('searchbox', { name: 'Search locations' });
    // The search has focus: typing narrows at once.
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(word.toUpperCase());
    const panel = page.locator('.perf-locations__panel');
    await expect.poll(() => panel.getByRole('checkbox').count()).toBe(matching.length);
    expect(await panel.getByRole('status').textContent()).toBe(`${matching.length} of 28 locations`);
    await panel.getByRole('checkbox', { name: target }).waitFor();
    await shots(page, 'report-range-location-search');

    await search.fill('no such place');
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('No locations found');
    // Escape empties the search, a second one closes and gives focus back.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.getByRole('checkbox').count()).toBe(28);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the leads Export modal names the location filter that applies', async () => {
    const { page } = await e2e.newPage();
    await openLeads(e2e, page, FRANCHISE);
    await page.locator('.data-table__row').first().waitFor();
    const exportModal = async () => {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      return page.getByRole('dialog', { name: 'Export' });
    };
    let modal = await exportModal();
    await modal.getByText('Locations: All 28, no location filter').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: 'New filter' }).click();
    await page.getByLabel('Field').selectOption('location');
    const value = page.getByLabel('Value');
    const name = (await value.locator('option').nth(1).textContent()) ?? '';
    await value.selectOption({ label: name });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: `Remove filter Location is ${name}` }).waitFor();

    modal = await exportModal();
    await modal.getByText(`Locations: 1 of 28, filtered by Location is ${name}`).waitFor();
    await shots(page, 'report-range-leads-export');
  });
});
