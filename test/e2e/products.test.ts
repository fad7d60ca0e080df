/**
 * Products, Services and Analytics in a real browser: the accordion (first open, one at a time,
 * the open row closes) with hash navigation, an upgrade request sent to the server, the online
 * local listings enrolment ending on the overview with its toast; partner cards with Read More;
 * the analytics banner and frame (the customer's figures, profile hidden), where socius users
 * land. Screenshots at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, useE2e } from './fixture';
import { shots, signedInAs } from './screens';

async function signIn(e2e: E2e, page: Page, email: string, name: string) {
  const { showAd } = await e2e.signedIn(page, email);
  await signedInAs(page, name);
  if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
}

const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

describe('products', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('opens families one at a time, follows the hash and sends an upgrade request', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'owner@demo.test', 'Maria Alvarez');
    await page.goto(e2e.url('/dashboard/products'));
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await expect.poll(() => row(page, 'Pay Per Call').getAttribute('aria-expanded')).toBe('true');
    await shots(page, 'products');

    await row(page, 'SEO').click();
    expect(await row(page, 'Pay Per Call').getAttribute('aria-expanded')).toBe('false');
    expect(new URL(page.url()).hash).toBe('#seo');
    const expand = page.getByRole('article', { name: 'Expand' });
    const accelerate = page.getByRole('article', { name: 'Accelerate' });
    expect(await expand.getByRole('button', { name: 'Contact Us' }).isVisible()).toBe(true);
    expect(await accelerate.getByText('Unlock').isVisible()).toBe(true);
    await row(page, 'SEO').click();
    expect(await row(page, 'SEO').getAttribute('aria-expanded')).toBe('false');

    await page.goto(e2e.url('/dashboard/products#website'));
    await expect.poll(() => row(page, 'Website Design').getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => row(page, 'Website Design').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(101);
    const mql = page.waitForRequest((r) => r.url().endsWith('/api/v1/submit_mql_info'));
    await page
      .getByRole('article', { name: 'Premier' })
      .getByRole('button', { name: 'Upgrade Plan' })
      .click();
    expect((await mql).postDataJSON()).toEqual({
      product: 'Website Design',
      package: 'Premier',
      click_source: 'products',
      product_status: 'inactive',
    });
    await page.getByText("Your upgrade request has been received. We'll process it shortly.").waitFor();
    await context.close();
  });

  it('enrols in online local listings, then lands on the overview with the toast', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'multi@demo.test', 'Sam');
    await page.goto(e2e.url('/dashboard/products#directories'));
    const listings = page.getByRole('article', { name: 'Online Local Listings' });
    await listings.getByRole('button', { name: 'Enroll' }).click();
    const dialog = page.getByRole('dialog', { name: 'Online Local Listings' });
    await dialog.getByText(/\$25 per month per service vertical/).waitFor();
    await shots(page, 'products-enroll');
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await page.waitForURL('**/dashboard/overview');
    await page.getByText('Online Local Listings enrolled successfully.').waitFor();
    const multi = await e2e.api('multi@demo.test');
    const { products } = (await (await multi.call('GET', '/products')).json()) as {
      products: { name: string; local_listing: boolean }[];
    };
    expect(products.find((p) => p.name === 'directories')?.local_listing).toBe(true);
    await context.close();
  });

  it('services: partner cards from the server, Read More for long text, demos in a new tab', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'owner@demo.test', 'Maria Alvarez');
    await page.goto(e2e.url('/dashboard/services'));
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(12);
    const card = page.getByRole('article', { name: 'FieldPilot' });
    const more = card.getByRole('button', { name: 'Read More' });
    await more.waitFor();
    expect(await page.getByRole('article', { name: 'QuoteCraft' }).getByRole('button').count()).toBe(0);
    const body = card.locator('.partner-card__body');
    expect(await body.evaluate((el) => el.clientHeight)).toBeLessThanOrEqual(200);
    await shots(page, 'services');
    await more.click();
    expect(await card.getByRole('button', { name: 'Read Less' }).getAttribute('aria-expanded')).toBe('true');
    expect(await body.evaluate((el) => el.clientHeight)).toBeGreaterThan(200);
    const demo = card.getByRole('link', { name: 'Request A Demo' });
    expect(await demo.getAttribute('target')).toBe('_blank');
    expect(await demo.getAttribute('href')).toBe('https://fieldpilot.example.com/request-a-demo');
    await context.close();
  });

  it("analytics: the banner and the frame drawing the customer's figures; socius users land there", async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'owner@demo.test', 'Maria Alvarez');
    await page.goto(e2e.url('/dashboard/analytics'));
    await page.getByText(/connect your sales data with RevConnect/).waitFor();
    const frame = page.frameLocator('iframe[title="Analytics dashboard"]');
    await frame.getByRole('table').waitFor({ timeout: 15_000 });
    expect(await frame.locator('tbody tr').count()).toBe(12);
    expect(await frame.locator('header').count()).toBe(0);
    const leads = Number(((await frame.locator('.tile b').first().textContent()) ?? '').replace(/,/g, ''));
    expect(leads).toBeGreaterThan(0);
    await shots(page, 'analytics');
    await context.close();

    const socius = await e2e.newPage();
    await signIn(e2e, socius.page, 'socius@demo.test', 'Lena');
    await socius.page.waitForURL('**/dashboard/analytics');
    await socius.page
      .frameLocator('iframe[title="Analytics dashboard"]')
      .getByRole('table')
      .waitFor({ timeout: 15_000 });
    await shots(socius.page, 'analytics-socius');
    await socius.context.close();
  });
});
