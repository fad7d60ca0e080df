/**
 * The Overview in a real browser against the real server: the Activity Manager (viewed dot,
 * accordion, go_to, search), task modals (business details, license validation and a file
 * refused by its content), the page readable offline with "as of", and a license with a PDF
 * submitted offline and delivered exactly once on reconnect (the server's database is read at
 * the end, so that test goes last).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/activities';
import { licenses } from '../../server/db/schema/activity-records';
import { type E2e, useE2e } from './fixture';
import { outboxRows, waitForController } from './page-db';
import { shots, signedInAs, visible } from './screens';
import { inspectServerDb } from './server-api';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 2),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 7)]);
const FRANCHISE_NAME = 'Derek';
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function openOverview(e2e: E2e, width = 1280, email = 'owner@demo.test', name = 'Maria') {
  const { context, page } = await e2e.newPage(width, 900);
  const { showAd } = await e2e.signedIn(page, email);
  if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
  await signedInAs(page, name);
  await page.goto(e2e.url('/dashboard/overview'));
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await page.locator('.activity-row').first().waitFor();
  // The owner is in SEO mode: let the widgets above the list arrive before clicking in it.
  if (email === 'owner@demo.test')
    await page.locator('.seo-widgets svg').first().waitFor({ timeout: 15_000 });
  return { context, page };
}

const task = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });

async function search(page: Page, text: string) {
  await page.getByLabel('Search activities').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

describe('overview', () => {
  const e2e = useE2e();

  it('lists tasks; a click clears the green dot, accordion rows expand, go_to navigates', async () => {
    const { page } = await openOverview(e2e);
    await expect.poll(() => page.locator('.activity-row').count()).toBe(10);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Category' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'View Quarterly SEO Plan' }).waitFor();
    await expect
      .poll(() => page.locator('.seo-widgets svg text', { hasText: '100%' }).count())
      .toBeGreaterThan(0);
    const months = await page.locator('.seo-widgets svg text').allTextContents();
    await page.getByRole('button', { name: 'Previous quarter' }).click();
    await expect.poll(() => page.locator('.seo-widgets svg text').allTextContents()).not.toEqual(months);
    await shots(page, 'overview-list');

    const row = page.locator('.activity-row', { hasText: 'Tell customers what makes you stand out' });
    await expect.poll(() => row.getByRole('img', { name: 'New' }).count()).toBe(1);
    await task(page, 'Tell customers what makes you stand out').click();
    await page.getByRole('dialog', { name: 'Business Details' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getByRole('img', { name: 'New' }).count()).toBe(0);
    const api = await e2e.api('owner@demo.test');
    await expect
      .poll(async () => {
        const list = (await (await api.call('GET', '/activities?search=stand%20out')).json()) as {
          data: { viewed: boolean }[];
        };
        return list.data[0]?.viewed;
      })
      .toBe(true);

    await search(page, 'Google Business');
    await task(page, 'Google Business Profile optimization').click();
    await visible(page, 'Goal').toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'https://business.google.com/' }).isVisible())
      .toBe(true);

    await search(page, 'zzz-nothing');
    await visible(page, 'No activities found.').toBe(true);

    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await search(page, '');
    await expect
      .poll(async () =>
        (await page.locator('.activity-row .status-chip').allTextContents()).every((s) => s === 'Completed'),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Completed', exact: true }).click();

    await search(page, 'latest invoice');
    await task(page, 'Review your latest invoice').click();
    await page.waitForURL('**/dashboard/billing/invoices');
  });

  it('business details: counter, disabled save, saved with the spec toast', async () => {
    const { page } = await openOverview(e2e, 390);
    await task(page, 'Tell customers what makes you stand out').click();
    const dialog = page.getByRole('dialog', { name: 'Business Details' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await dialog.getByLabel('Special Offers').fill(' 15% off your first tune-up');
    await expect
      .poll(() => dialog.getByLabel('Special Offers').inputValue())
      .toBe('15% off your first tune-up');
    await visible(page, `${500 - '15% off your first tune-up'.length} characters remaining`).toBe(true);
    await dialog.getByLabel('Accolades').fill('x'.repeat(500));
    await visible(page, 'You have reached the maximum characters limit.').toBe(true);
    await shots(page, 'overview-business-details');
    await save.click();
    await visible(page, 'Business Details updated successfully', 10_000).toBe(true);
    const row = page.locator('.activity-row', { hasText: 'Tell customers what makes you stand out' });
    await expect.poll(() => row.locator('.status-chip').textContent(), { timeout: 10_000 }).toBe('Completed');
  });

  it('license form: validation messages and a renamed executable refused by its content', async () => {
    const { page } = await openOverview(e2e);
    await task(page, 'Verify your HVAC contractor license').click();
    const dialog = page.getByRole('dialog', { name: 'License Verification' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'This field is required*').toBe(true);
    await dialog.getByLabel('Yes').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'Licensee name is required').toBe(true);
    await visible(page, 'License type is required').toBe(true);
    await visible(page, 'License date is required').toBe(true);
    await dialog
      .getByLabel('License File')
      .setInputFiles({ name: 'license.pdf', mimeType: 'application/pdf', buffer: EXE });
    await expect
      .poll(() =>
        dialog
          .locator('.field__error', {
            hasText: 'File type is not supported, only images (jpeg/png) and pdf are allowed',
          })
          .isVisible(),
      )
      .toBe(true);
    await shots(page, 'overview-license-errors');
    expect(await dialog.locator('.task-upload__name').count()).toBe(0);
  });

  it('company details wizard end to end, with the account manager beside the list', async () => {
    const { page } = await openOverview(e2e, 1280, 'franchise@demo.test', FRANCHISE_NAME);
    await page.getByRole('link', { name: 'View My Account' }).waitFor();
    await task(page, 'Complete your company profile').click();
    const dialog = page.getByRole('dialog', { name: 'Company & Employee Details' });
    await dialog.getByText('Step 1 of 4: Company').waitFor();
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await visible(page, 'Person’s title is required').toBe(true);
    await dialog.getByLabel('Title').fill('Franchise Owner');
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await dialog.getByText('Step 2 of 4: About the company').waitFor();
    await dialog.getByLabel('Other').check();
    await expect.poll(() => dialog.getByLabel('National Franchise').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await visible(page, 'Other company size is required').toBe(true);
    await dialog.getByLabel('Other Company Size').fill('Regional group');
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await dialog.getByText('Step 3 of 4: Operations hours').waitFor();
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await expect
      .poll(() =>
        dialog
          .locator('.field__error', { hasText: 'Please select from and to hours for open days' })
          .isVisible(),
      )
      .toBe(true);
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      await dialog.getByLabel(`${day} from`).selectOption('09:00AM');
      await dialog.getByLabel(`${day} to`).selectOption('05:00PM');
    }
    await shots(page, 'overview-company-hours');
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await dialog.getByText('Step 4 of 4: Employee distinctions').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() =>
        dialog.locator('.field__error', { hasText: 'Please select employee distinctions' }).isVisible(),
      )
      .toBe(true);
    await dialog.getByLabel('Wear uniforms').check();
    await dialog.getByLabel('Not applicable').check();
    await expect.poll(() => dialog.getByLabel('Wear uniforms').isChecked()).toBe(false);
    await dialog.getByLabel('Are background checked').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'Company & Employee Details updated successfully', 15_000).toBe(true);
    const api = await e2e.api('franchise@demo.test');
    const saved = (await (await api.call('GET', '/activities/company_details')).json()) as {
      company_detail: {
        title: string;
        other_owned: string;
        completed_step: number;
        emp_distinctions: string[];
      };
    };
    expect(saved.company_detail).toMatchObject({
      title: 'Franchise Owner',
      other_owned: 'Regional group',
      completed_step: 4,
      emp_distinctions: ['are_background_checked'],
    });
  });

  it('content plan approval, a general liability renewal and a logo, each with its toast', async () => {
    const { page } = await openOverview(e2e);
    await search(page, 'content plan');
    await task(page, 'Approve your quarterly content plan').click();
    const plan = page.getByRole('dialog', { name: 'Quarterly Content Plan' });
    await plan.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await plan.locator('script').count()).toBe(0);
    await shots(page, 'overview-content-plan');
    await plan.getByRole('button', { name: 'Approve' }).click();
    await visible(page, 'Your quarterly content plan has been successfully updated.', 15_000).toBe(true);

    await search(page, 'general liability');
    await task(page, 'Renew your general liability insurance').click();
    const renew = page.getByRole('dialog', { name: 'Renew General Liability Insurance' });
    const submit = renew.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await renew.getByLabel('General Liability Expiration Date').fill(inFuture(365));
    await renew
      .getByLabel('General Liability Certificate')
      .setInputFiles({ name: 'gl.pdf', mimeType: 'application/pdf', buffer: PDF });
    await renew.locator('.task-upload__name').waitFor();
    await submit.click();
    await visible(page, 'General Liability insurance renewed successfully', 15_000).toBe(true);

    await search(page, 'logo');
    await task(page, 'Upload your company logo').click();
    const logo = page.getByRole('dialog', { name: 'Upload Logo' });
    await logo.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => logo.locator('.field__error', { hasText: 'No image to save' }).isVisible())
      .toBe(true);
    await logo
      .getByLabel('Company Logo')
      .setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect
      .poll(() =>
        logo.locator('.field__error', { hasText: 'Only images (PNG/JPEG) are allowed' }).isVisible(),
      )
      .toBe(true);
    await logo
      .getByLabel('Company Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await logo.getByRole('img', { name: 'Logo preview' }).waitFor();
    await logo.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Logo updated successfully', 15_000).toBe(true);
  });

  it('upsell carousel: website grade, interest request and open_modal', async () => {
    const { page } = await openOverview(e2e, 1280, 'franchise@demo.test', FRANCHISE_NAME);
    const carousel = page.getByRole('region', { name: 'Offers for you' });
    await carousel.getByText('How does your website grade?').waitFor();
    await carousel.hover();
    await carousel.getByRole('button', { name: 'Get My Grade' }).click();
    await visible(page, 'Please enter a valid URL').toBe(true);
    await carousel.getByPlaceholder('Enter your website URL').fill('www.brightpath-roofing.example');
    await carousel.getByRole('button', { name: 'Get My Grade' }).click();
    await visible(
      page,
      'Thank you for submitting. We are generating your report, check back shortly.',
      10_000,
    ).toBe(true);
    await carousel.getByRole('button', { name: 'Offer 5' }).click();
    await carousel.getByRole('button', { name: 'Contact Me' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(/We’ve received your request|Your upgrade request has been received/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shots(page, 'overview-carousel');
    await carousel.getByRole('button', { name: 'Offer 2' }).click();
    await carousel.getByRole('button', { name: 'Enroll' }).click();
    await page.waitForURL('**/dashboard/products#online-local-listings');
  });

  it('Quarterly SEO Plan: months with their own paging, expandable rows, quarter change', async () => {
    const { page } = await openOverview(e2e);
    await page.goto(e2e.url('/dashboard/overview/qsp'));
    await page.getByRole('heading', { name: 'Quarterly SEO Plan' }).waitFor();
    const months = page.locator('.qsp-month');
    await expect.poll(() => months.count()).toBe(3);
    await expect.poll(() => months.first().getByText('Goal:').isVisible()).toBe(true);
    const quarter = page.getByLabel('Quarter', { exact: true });
    const first = await quarter.inputValue();
    const titles = await months.locator('h2').allTextContents();
    await shots(page, 'overview-qsp');
    const paged = months.filter({ has: page.getByRole('navigation') }).first();
    if ((await paged.count()) > 0) {
      const before = await paged.locator('tbody tr').first().textContent();
      await paged.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect.poll(() => paged.locator('tbody tr').first().textContent()).not.toBe(before);
    }
    const options = await quarter
      .locator('option')
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    await quarter.selectOption(options.find((v) => v !== first) as string);
    await expect.poll(() => months.locator('h2').allTextContents()).not.toEqual(titles);
  });

  it('is readable offline with "as of" after a visit', async () => {
    const { context, page } = await openOverview(e2e);
    await waitForController(page);
    await context.setOffline(true);
    await page.reload();
    await page.locator('.activity-row').first().waitFor({ timeout: 15_000 });
    await expect
      .poll(() =>
        page
          .getByText(/Offline · data as of/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await context.setOffline(false);
  });

  it('a license with a PDF submitted offline is delivered once on reconnect', async () => {
    const { context, page } = await openOverview(e2e);
    await waitForController(page);
    await context.setOffline(true);
    await task(page, 'Verify your HVAC contractor license').click();
    const dialog = page.getByRole('dialog', { name: 'License Verification' });
    await dialog.getByLabel('Yes').check();
    await dialog.getByLabel('Licensee Name').fill('Maria Alvarez');
    await dialog.getByLabel('License Type').fill('Refrigerant Handling');
    await dialog.getByLabel('License Number').fill('EPA-608-77');
    await dialog.getByLabel('Expiration Date').fill(inFuture(400));
    await dialog
      .getByLabel('License File')
      .setInputFiles({ name: 'epa-608.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.locator('.task-upload__name').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = page.locator('.activity-row', { hasText: 'Verify your HVAC contractor license' });
    await expect.poll(() => row.getByText('Pending sync').isVisible()).toBe(true);
    await expect.poll(async () => (await outboxRows(page)).length).toBe(1);
    await shots(page, 'overview-pending-sync');

    await context.setOffline(false);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 30_000 }).toBe(0);
    await expect.poll(() => row.getByText('Pending sync').count()).toBe(0);

    const checksum = createHash('md5').update(PDF).digest('base64');
    const found = await inspectServerDb(e2e.server, async (db) => {
      const rows = await db
        .select({ license: licenses, file: files })
        .from(licenses)
        .leftJoin(files, eq(files.id, licenses.file_id))
        .where(and(eq(licenses.number, 'EPA-608-77'), isNull(licenses.deleted_at)));
      const uploads = await db.select().from(files).where(eq(files.filename, 'epa-608.pdf'));
      return { rows, uploads };
    });
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0].file?.checksum).toBe(checksum);
    expect(found.rows[0].file?.uploaded_at).not.toBeNull();
    expect(found.uploads.filter((f) => f.uploaded_at)).toHaveLength(1);
  });
});
