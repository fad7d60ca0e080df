/**
 * Browser figures of issue 17 for `npm run bench`, measured inside the page (performance.now(),
 * from navigation start) in headless Chromium against the production build:
 * - offline reload of /dashboard/leads to the first row (median of 5), and spinner flashes;
 * - sign-in click to content (median of 3 fresh visitors);
 * - /login form visible on a first visit (median of 3 fresh visitors).
 * Lighthouse per screen is lighthouse.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { figure, median } from './budget';
import { signIn } from './screens';

type Marks = { row?: number; form?: number; click?: number; content?: number; spinners: number };

/** Records, from before the app runs, when the marks first appeared (page-relative ms). */
const WATCH = `(() => {
  const m = { spinners: 0 };
  window.__marks = m;
  let spinning = false;
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('button[type=submit]')) m.click = performance.now();
  }, true);
  new MutationObserver(() => {
    const now = performance.now();
    const spinner = Boolean(document.querySelector('.page-loading[role=status]'));
    if (spinner && !spinning) m.spinners += 1;
    spinning = spinner;
    if (m.row === undefined && document.querySelector('.leads-table__open')) m.row = now;
    if (m.form === undefined && document.querySelector('#root form input')) m.form = now;
    if (m.click !== undefined && m.content === undefined && document.querySelector('.shell-main > :not(.page-loading)')) m.content = now;
  }).observe(document, { childList: true, subtree: true });
})();`;

const marks = (page: Page) => page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);

async function until(page: Page, key: keyof Marks) {
  await page.waitForFunction(
    (k) => (window as unknown as { __marks?: Marks }).__marks?.[k] !== undefined,
    key,
  );
  return marks(page);
}

async function fresh(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(WATCH);
  return { context, page: await context.newPage() };
}

export async function browserFigures(browser: Browser, base: string): Promise<string[]> {
  const lines = ['  -- in the browser (production build, headless Chromium) --'];
  const forms: number[] = [];
  const signIns: number[] = [];
  let flashes = 0;
  for (let i = 0; i < 3; i += 1) {
    const { context, page } = await fresh(browser);
    await page.goto(`${base}/login`);
    forms.push((await until(page, 'form')).form ?? Number.NaN);
    await signIn(page, base, 'owner@demo.test');
    const m = await until(page, 'content');
    signIns.push((m.content ?? 0) - (m.click ?? 0));
    flashes += m.spinners;
    await context.close();
  }
  const { context, page } = await fresh(browser);
  await signIn(page, base, 'owner@demo.test');
  await until(page, 'content');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`${base}/dashboard/leads`);
  await until(page, 'row');
  await context.setOffline(true);
  const reloads: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    await page.reload();
    const m = await until(page, 'row');
    reloads.push(m.row ?? Number.NaN);
    flashes += m.spinners;
  }
  await context.close();
  lines.push(figure('offline reload /dashboard/leads to first row', median(reloads), 'ms', { max: 200 }));
  lines.push(figure('sign-in click to content', median(signIns), 'ms', { max: 150 }));
  lines.push(figure('/login form visible, first visit', median(forms), 'ms', { max: 400 }));
  lines.push(figure('spinner flashes over these 11 loads', flashes, '', { max: 0 }));
  return lines;
}
