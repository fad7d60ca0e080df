/**
 * Chart screens on a cold load: the charts near the viewport are drawn (SVG in place of the boxes
 * that kept their space), those far below only once scrolled to, and every one of them once the
 * page is scrolled through, nothing below moving. The charts measure their labels' text without
 * zrender's wide-character probe (a font-fallback lookup per font, in the first chart's drawing).
 * Where the charts' code comes in the load (after the first figure, not named by the page,
 * marked for eager compilation) is the bench's (test/bench/load-shape.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { goCold } from './page-db';
import { openPerformance, settled } from './screens';

type Marks = Window & { measured?: { count: number; probed: boolean } };

/** The wide character zrender measures per font to estimate wide characters' widths. */
const WIDE_PROBE = '\u56fd';

/**
 * From the next navigation on, `measured`: how many texts the charts measured on a canvas, and
 * whether one was the wide-character probe (each made Chromium look for a CJK fallback font).
 */
async function watchMeasuring(page: Page) {
  await page.addInitScript((probe) => {
    const measure = CanvasRenderingContext2D.prototype.measureText;
    const measured = { count: 0, probed: false };
    (window as Marks).measured = measured;
    CanvasRenderingContext2D.prototype.measureText = function (text: string) {
      measured.count += 1;
      if (text === probe) measured.probed = true;
      return measure.call(this, text);
    };
  }, WIDE_PROBE);
}

// biome-ignore lint/correctness/useHookAtTopLevel: a vitest fixture (beforeAll/afterAll), not a React hook
const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

describe('chart screens', () => {
  // Whether the screen, at the test's 1280x800, has charts more than a viewport below the first.
  it.each([
    ['owner@demo.test', '/dashboard/performance', false],
    ['franchise@demo.test', '/dashboard/performance/search', true],
  ])(
    '%s %s: the charts near the view are drawn, those far below once scrolled to',
    async (email, path, farBelow) => {
      const { context, page } = await e2e.newPage();
      await openPerformance(e2e, page, email, path);
      await goCold(context, page, new URL(e2e.url('/')).origin);
      await watchMeasuring(page);
      await page.goto(e2e.url(path));
      await page.locator('[role="img"] svg').first().waitFor();

      // Once the browser has been idle and has painted since, the charts more than a viewport's
      // height below the one in view are still boxes: drawn only when scrolled to. Settled first
      // (every figure here, nothing busy): a box waiting to be scrolled to is not busy.
      await settled(page);
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            const frames = (n: number) => (n ? requestAnimationFrame(() => frames(n - 1)) : done());
            requestIdleCallback(() => requestIdleCallback(() => frames(3)));
          }),
      );
      // A chart that was near while the sections above it were still loading (shorter) may have
      // been drawn then; the ones far below stay boxes.
      const farWaiting = await page
        .locator('.chart-box--waiting')
        .evaluateAll(
          (boxes) => boxes.filter((box) => box.getBoundingClientRect().top > 2 * window.innerHeight).length,
        );
      expect(farWaiting > 0).toBe(farBelow);

      // Scrolled through, every box is drawn, at its height: nothing below it moved.
      const waiting = page.locator('.chart-box--waiting');
      await expect
        .poll(
          async () => {
            await waiting
              .first()
              .scrollIntoViewIfNeeded({ timeout: 1000 })
              .catch(() => {});
            return waiting.count();
          },
          { timeout: 20_000 },
        )
        .toBe(0);
      // The charts measured their labels, never the wide-character probe.
      const measured = await page.evaluate(() => (window as Marks).measured);
      expect(measured?.count).toBeGreaterThan(0);
      expect(measured?.probed).toBe(false);
    },
  );
});
