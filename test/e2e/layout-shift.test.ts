/**
 * Layout shift on every dashboard screen (issue 26): each screen loaded signed in, for the owner
 * and for the franchise, at 1280 and at 390 px, scores a cumulative layout shift of at most 0.05
 * (the web's "good" limit is 0.1). The score is Chrome's own: layout-shift entries without recent
 * input, grouped in session windows (gaps under 1 s, windows at most 5 s), the largest window counts.
 * It depends on what the page does, not on how fast the machine is: a part that renders, collapses
 * to a loading state and renders again, or content inserted above what is shown, shifts at any speed.
 *
 * A failure names each screen over the limit with its score and the elements that moved most.
 * Under the limit is not enough for a part that grows when its figures come: the leads statistics'
 * tiles are measured loading and loaded (they grew by a line on a first visit).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { holdRequests } from './held-requests';
import { openLeads } from './leads-helpers';
import { settled } from './screens';

const LIMIT = 0.05;

const OWNER_SCREENS = [
  '/dashboard/overview',
  '/dashboard/leads',
  '/dashboard/performance',
  '/dashboard/campaigns',
  '/dashboard/billing/invoices',
  '/dashboard/billing/payment-methods',
  '/dashboard/account-settings/profile',
  '/dashboard/account-settings/linked-accounts',
  '/dashboard/account-settings/security',
  '/dashboard/products',
  '/dashboard/services',
  '/dashboard/analytics',
];

const FRANCHISE_SCREENS = [
  '/dashboard/overview',
  '/dashboard/overview/qsp',
  '/dashboard/performance/summary',
  '/dashboard/performance/search',
  '/dashboard/performance/social',
  '/dashboard/performance/programmatic',
  '/dashboard/performance/revconnect',
  '/dashboard/performance/devices',
  '/dashboard/leads',
  '/dashboard/campaigns',
  '/dashboard/billing/invoices',
  '/dashboard/account-settings/profile',
];

type Shift = { value: number; time: number; sources: string[] };

/** Records every layout shift of each document the page loads (installed before any script). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; time: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const classes = [...node.classList].slice(0, 2).join('.');
      return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          time: entry.startTime,
          sources: (entry.sources ?? []).map(
            (s) =>
              `${name(s.node)} (${Math.round(s.previousRect.x)},${Math.round(s.previousRect.y)} ${Math.round(s.previousRect.width)}x${Math.round(s.previousRect.height)} -> ${Math.round(s.currentRect.x)},${Math.round(s.currentRect.y)} ${Math.round(s.currentRect.width)}x${Math.round(s.currentRect.height)})`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Chrome's CLS: the largest session window of shifts (gaps < 1 s, at most 5 s long). */
function cumulativeShift(shifts: Shift[]): { score: number; window: Shift[] } {
  let best = { score: 0, window: [] as Shift[] };
  let current: Shift[] = [];
  let sum = 0;
  for (const shift of shifts) {
    const first = current[0];
    const last = current[current.length - 1];
    if (first && (shift.time - last.time >= 1000 || shift.time - first.time >= 5000)) {
      current = [];
      sum = 0;
    }
    current.push(shift);
    sum += shift.value;
    if (sum > best.score) best = { score: sum, window: [...current] };
  }
  return best;
}

/** What a screen still doing work changes: resources fetched, shifts, the page's height. */
const activity = (page: Page) =>
  page.evaluate(() =>
    [
      performance.getEntriesByType('resource').length,
      (window as unknown as { layoutShifts: unknown[] }).layoutShifts.length,
      document.documentElement.scrollHeight,
      document.querySelectorAll('canvas, svg, img').length,
    ].join(' '),
  );

async function measure(page: Page, url: string): Promise<{ score: number; window: Shift[] }> {
  await page.goto(url);
  await page.locator('main h1, .shell-main h1').first().waitFor({ timeout: 20_000 });
  await settled(page);
  // Then until the screen is quiet: nothing fetched, shifted, grown or drawn between two looks
  // (the live stream keeps one request open, so the network never goes idle).
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await activity(page);
        const same = now === last;
        last = now;
        return same;
      },
      { interval: 500 },
    )
    .toBe(true);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  return cumulativeShift(shifts);
}

describe('layout shift of every dashboard screen', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  for (const [email, screens] of [
    ['owner@demo.test', OWNER_SCREENS],
    ['franchise@demo.test', FRANCHISE_SCREENS],
  ] as const) {
    it(`${email}: every screen shifts at most ${LIMIT} at 1280 and 390 px`, async () => {
      const { context, page } = await e2e.newPage();
      await recordShifts(page);
      const { showAd } = await e2e.signedIn(page, email);
      if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
      const figures: string[] = [];
      const over: string[] = [];
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const path of screens) {
          const { score, window } = await measure(page, e2e.url(path));
          figures.push(`${path} ${width}px ${score.toFixed(3)}`);
          if (score > LIMIT) {
            const moved = window
              .sort((a, b) => b.value - a.value)
              .slice(0, 3)
              .map((s) => `${s.value.toFixed(3)} at ${Math.round(s.time)} ms: ${s.sources.join(', ')}`);
            over.push(`${path} at ${width} px: CLS ${score.toFixed(3)}\n    ${moved.join('\n    ')}`);
          }
        }
      }
      console.log(`layout shift, ${email}: ${figures.join('; ')}`);
      expect(over.join('\n')).toBe('');
      await context.close();
      // Every screen at two widths: 64-87 s on a slow machine running another file beside it.
    }, 180_000);
  }

  // Loading to loaded at 1280 px, the list held so its skeleton is surely painted: nothing moves. The
  // skeleton's columns were fitted to the box a frame late (cells moved sideways) and the owed line's
  // stand-in had no line height (the table moved down when the line came): 0.040 together.
  it('moves nothing on the invoices screen from its skeleton to its rows, at 1280 px', async () => {
    const { context, page } = await e2e.newPage(1280, 800);
    // An invoice issued now, so month to date (the screen's default) has a row: the demo's are
    // issued early on the 1st in UTC, the evening before in the accounts' zones.
    const billed = await fetch(e2e.url('/api/v1/dev/invoices'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'directories@demo.test' }),
    });
    expect(billed.status).toBe(200);
    await recordShifts(page);
    await e2e.signedIn(page, 'directories@demo.test');
    const release = await holdRequests(context, '**/api/v1/invoices*');
    await page.goto(e2e.url('/dashboard/billing/invoices'));
    await page.locator('.data-table__skeleton').first().waitFor();
    release();
    await page
      .getByRole('button', { name: /^Download PDF/ })
      .first()
      .waitFor();
    await settled(page);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
    expect(shifts.map((s) => `${s.value.toFixed(3)}: ${s.sources.join(', ')}`)).toEqual([]);
    await context.close();
  });

  // A part that grows when its figures arrive pushes down everything under it: here the table.
  for (const width of [1280, 390]) {
    it(`keeps each leads statistic as tall loading as loaded, at ${width} px`, async () => {
      const { context, page } = await e2e.newPage(width, width === 390 ? 844 : 800);
      // The first list read (it brings the statistics) is held until the skeletons are measured.
      const release = await holdRequests(context, '**/api/v1/leads');
      await openLeads(e2e, page, 'owner@demo.test');
      await page.locator('.leads-stats__skeleton').first().waitFor();
      const heights = () =>
        page.locator('.leads-stats__item').evaluateAll((tiles) => tiles.map((tile) => tile.clientHeight));
      const loading = await heights();
      release();
      await page.locator('[class*="leads-stats__change--"]').first().waitFor();
      await expect.poll(() => page.locator('.leads-stats__skeleton').count()).toBe(0);
      expect(await heights()).toEqual(loading);
      await context.close();
    });
  }
});
