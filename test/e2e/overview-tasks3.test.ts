/**
 * The task modals the other overview files leave out, each end to end against the real server: a
 * license renewal, a workers' compensation renewal, the two-step insurance verification (with its
 * main message), and the create_campaign task hosting the campaigns page's create-campaign modal.
 * Each ends with the server's word: the task is completed and the record is there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, useE2e } from './fixture';
import { shots, signedInAs, visible } from './screens';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function openTask(e2e: E2e, email: string, name: string, searchText: string, taskName: string) {
  const { context, page } = await e2e.newPage(1280, 900);
  const { showAd } = await e2e.signedIn(page, email);
  if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
  await signedInAs(page, name);
  await page.goto(e2e.url('/dashboard/overview'));
  await page.locator('.activity-row').first().waitFor();
  await page.getByLabel('Search activities').fill(searchText);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const button = page.getByRole('button', { name: new RegExp(taskName) });
  await button.waitFor();
  await button.click();
  return { context, page };
}

/** The task's status on the server, by its name. */
async function taskStatus(e2e: E2e, email: string, searchText: string): Promise<string | undefined> {
  const api = await e2e.api(email);
  const list = (await (
    await api.call('GET', `/activities?search=${encodeURIComponent(searchText)}`)
  ).json()) as {
    data: { status: string }[];
  };
  return list.data[0]?.status;
}

const pdf = (page: Page, label: string, name: string) =>
  page.getByLabel(label).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });

describe('overview tasks: renewals, insurance verification and campaign creation', () => {
  const e2e = useE2e();

  it('renews a license with its file', async () => {
    const { context, page } = await openTask(
      e2e,
      'owner@demo.test',
      'Maria',
      'electrical',
      'Renew your electrical contractor license',
    );
    const dialog = page.getByRole('dialog', { name: 'Renew License' });
    await dialog.getByText(/^Renewing /).waitFor();
    // The licensee on file is named already (the list may arrive after the form opens).
    await expect.poll(() => dialog.getByLabel('Licensee Name').inputValue()).not.toBe('');
    await dialog.getByLabel('License Number').fill('EL-2027-5521');
    await dialog.getByLabel('Expiration Date').fill(inFuture(400));
    await pdf(page, 'License File', 'license.pdf');
    await dialog.locator('.task-upload__name').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'License renewal submitted successfully', 15_000).toBe(true);
    await expect.poll(() => taskStatus(e2e, 'owner@demo.test', 'electrical')).toBe('completed');
    const api = await e2e.api('owner@demo.test');
    const { licenses } = (await (await api.call('GET', '/activities/verify_license')).json()) as {
      licenses: { number: string }[];
    };
    expect(licenses.map((license) => license.number)).toContain('EL-2027-5521');
    await context.close();
  });

  it("renews the workers' compensation insurance", async () => {
    const { context, page } = await openTask(
      e2e,
      'owner@demo.test',
      'Maria',
      'compensation',
      'Renew your workers’ compensation insurance',
    );
    const dialog = page.getByRole('dialog', { name: 'Renew Workers Compensation Insurance' });
    await dialog.getByLabel('Workers Compensation Expiration Date').fill(inFuture(365));
    await pdf(page, 'Workers Compensation Certificate', 'workers.pdf');
    await dialog.locator('.task-upload__name').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'Workers Compensation insurance renewed successfully', 15_000).toBe(true);
    await expect.poll(() => taskStatus(e2e, 'owner@demo.test', 'compensation')).toBe('completed');
    await context.close();
  });

  it('verifies the insurance in two steps, general liability then workers compensation', async () => {
    const { context, page } = await openTask(
      e2e,
      'franchise@demo.test',
      'Derek',
      'insurance for all',
      'Verify your insurance for all locations',
    );
    const dialog = page.getByRole('dialog', { name: 'Insurance Verification' });
    await dialog.getByText('Step 1 of 2').waitFor();
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await expect.poll(() => dialog.getByText('This field is required').first().isVisible()).toBe(true);
    await dialog.getByLabel('General Liability Expiration Date').fill(inFuture(300));
    await pdf(page, 'General Liability Certificate', 'general.pdf');
    await dialog.locator('.task-upload__name').waitFor();
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await dialog.getByText('Step 2 of 2').waitFor();
    await dialog.getByLabel("I carry workers' compensation insurance").check();
    await dialog.getByLabel('Workers Compensation Expiration Date').fill(inFuture(200));
    await pdf(page, 'Workers Compensation Certificate', 'workers.pdf');
    await dialog.locator('.task-upload__name').waitFor();
    await shots(page, 'overview-insurance-step2');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'Updated successfully', 15_000).toBe(true);
    await expect.poll(() => taskStatus(e2e, 'franchise@demo.test', 'insurance for all')).toBe('completed');
    await context.close();
  });

  it('creates a campaign from the create_campaign task, which completes it', async () => {
    const { context, page } = await openTask(
      e2e,
      'owner@demo.test',
      'Maria',
      'water heater',
      'Launch a water heater campaign',
    );
    const modal = page.getByRole('dialog', { name: 'Create Campaign' });
    const account = modal.getByLabel('Account');
    await expect.poll(() => account.locator('option').count()).toBeGreaterThan(1);
    await account.selectOption({ index: 1 });
    const service = modal.getByLabel('Service');
    await expect.poll(() => service.locator('option').count()).toBeGreaterThan(1);
    await service.selectOption({ index: 1 });
    await modal.getByRole('button', { name: 'Next Step' }).click();
    await modal.locator('.location-picker__county input').first().check();
    await modal.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Campaign has been created successfully.').waitFor();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => taskStatus(e2e, 'owner@demo.test', 'water heater')).toBe('completed');
    await context.close();
  });
});
