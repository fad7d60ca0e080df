/**
 * Reading and capturing the screen: fields by label, polled visibility, the signed-in header,
 * waiting for animations to end, and screenshots.
 *
 * Screenshots land in test-results/screenshots under the name given; names are unique across
 * the e2e files (two files run at once and would otherwise overwrite each other's pictures).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe';
import type { E2e } from './fixture';

export const screenshotDir = join(resolve(import.meta.dirname, '../..'), 'test-results', 'screenshots');

/** A form field by its label (the required asterisk is part of the label's text). */
export const field = (page: Page | FrameLocator, label: string) =>
  page.getByLabel(new RegExp(`^${label}\\*?$`));

/** Polls whether a text is on screen: `await visible(page, 'Saved').toBe(true)`. */
export const visible = (page: Page, text: string, timeout = 5000) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout });

/**
 * Resolves once everything on the screen has arrived: nothing busy (aria-busy), no loading page,
 * skeleton, blurred table or spinner, and no "Loading…".
 */
export async function settled(page: Page, timeout = 20_000) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll(
              '[aria-busy="true"], .page-loading, .skeleton-bar, .perf-table-wrap--loading, .perf-spinner',
            ).length + (document.body.innerText.includes('Loading…') ? 1 : 0),
        ),
      { timeout },
    )
    .toBe(0);
}

/** Signs in (declining the packout ad when offered) and opens a performance screen. */
export async function openPerformance(e2e: E2e, page: Page, email: string, path: string) {
  const { showAd } = await e2e.signedIn(page, email);
  if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
  await page.goto(e2e.url(path));
  await page.locator('.perf-head h1').waitFor();
}

/** Resolves once the header shows the signed-in user (their name is the user menu's button). */
export const signedInAs = (page: Page, name: string) =>
  page
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 });

/**
 * Resolves once the finite CSS animations and transitions inside `root` have ended (a drawer
 * sliding in, a row fading): a picture taken then shows the resting state. Endless ones (a
 * spinner) are not waited for.
 */
export async function stillAnimations(root: Locator): Promise<void> {
  await root.evaluate(async (element) => {
    const moving = () =>
      element
        .getAnimations({ subtree: true })
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    // An animation that ends may start another (an entrance followed by a highlight).
    for (let round = 0; round < 20 && moving().length > 0; round += 1) {
      await Promise.all(moving().map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * A picture for people to look at, not an assertion: on a starved machine Chromium can take longer
 * than a test allows to hand over a frame (seen once in CI, 30 s on a page that takes 3 s alone),
 * so a picture that does not come in 20 s is skipped with a warning rather than failing the test.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  try {
    await page.screenshot({ path, fullPage: true, timeout: 20_000 });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    console.warn(`screenshot ${name} skipped: ${error.message.split('\n')[0]}`);
  }
}

/**
 * Screenshots a step at 1280 and at 390 px, then goes back to the page's own size. Each picture is
 * also an accessibility sweep (axe.ts): the step's screen, with whatever dialog, drawer or menu is
 * open, fails on a serious or critical violation at either width, so every screen and dialog the
 * suite photographs is swept, not only those of axe-sweep.test.ts.
 */
export async function shots(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const problems: string[] = [];
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}`);
    await expectAccessible(page, `${name} at ${width} px (${new URL(page.url()).pathname})`).catch(
      (error: Error) => problems.push(error.message),
    );
  }
  await page.setViewportSize(size);
  expect(problems.join('\n\n')).toBe('');
}
