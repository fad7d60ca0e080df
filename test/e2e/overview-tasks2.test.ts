/**
 * The three task modals added last, in a real browser against the real server: lead transfer
 * details (three destinations when allowed, the spec's messages, saved to the account and the task
 * completed), the service area (zip codes unticked, the area named, the task completed) and a
 * payment method added through the shared payment form (the task completed).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, useE2e } from './fixture';
import { field, shots, signedInAs, visible } from './screens';

async function openOverview(e2e: E2e, email: string, name: string, width = 1280) {
  const { page } = await e2e.newPage(width, 900);
  const { showAd } = await e2e.signedIn(page, email);
  if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
  await signedInAs(page, name);
  await page.goto(e2e.url('/dashboard/overview'));
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await page.locator('.activity-row').first().waitFor();
  return page;
}

async function openTask(page: Page, text: string, dialogName: string) {
  await page.getByLabel('Search activities').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(text) }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
}

type Task = { name: string; status: string };
async function taskStatus(e2e: E2e, email: string, name: string) {
  const api = await e2e.api(email);
  const list = (await (await api.call('GET', `/activities?search=${encodeURIComponent(name)}`)).json()) as {
    data: Task[];
  };
  return list.data.find((a) => a.name === name)?.status;
}

describe('overview task modals: lead transfer, service area, payment method', () => {
  const e2e = useE2e();

  it('lead transfer details: three destinations when allowed, spec messages, saved and completed', async () => {
    const page = await openOverview(e2e, 'multi@demo.test', 'Sam', 390);
    const name = 'Set lead transfer numbers for each account';
    const dialog = await openTask(page, name, 'Lead Transfer Details');
    await expect.poll(() => dialog.getByLabel(/^Destination Phone 3/).isVisible()).toBe(true);
    // The account's saved numbers arrive first.
    await expect.poll(() => field(page, 'SMS Phone').inputValue()).not.toBe('');
    await field(page, 'Destination Phone').fill('');
    await field(page, 'Notification Email').fill('not-an-email');
    // Leaving the field shows its message (and moves the button) before the click.
    await field(page, 'Notification Email').blur();
    await visible(page, 'Enter a valid email address').toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'This field is required*').toBe(true);
    await visible(page, 'Enter a valid email address').toBe(true);
    await field(page, 'Destination Phone 3').fill('51255');
    await field(page, 'Destination Phone 3').blur();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Invalid phone number').toBe(true);
    await shots(page, 'overview-lead-transfer');

    // A number no phone can dial passes the form; the server's field error shows under its field.
    await field(page, 'Destination Phone').fill('1235550181');
    await field(page, 'Destination Phone 3').fill('5125550183');
    await field(page, 'Notification Email').fill('leads@reyes.example');
    await field(page, 'Notification Email').blur();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const destination = field(page, 'Destination Phone');
    await expect.poll(() => destination.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    await visible(page, 'Invalid phone number').toBe(true);

    await destination.fill('5125550181');
    await destination.blur();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Settings saved successfully').toBe(true);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => taskStatus(e2e, 'multi@demo.test', name)).toBe('completed');
    const api = await e2e.api('multi@demo.test');
    const summary = (await (await api.call('POST', '/client/accounts/summary', {})).json()) as {
      accounts: { settings: Record<string, string> }[];
    };
    expect(summary.accounts.some((a) => a.settings.destination_phone_3 === '5125550183')).toBe(true);
  });

  it('service area: untick a county, name the area, the task completes', async () => {
    const page = await openOverview(e2e, 'multi@demo.test', 'Sam');
    const name = 'Confirm your service areas';
    const dialog = await openTask(page, name, 'Service Area');
    const first = dialog.locator('.area-picker__item').first();
    await first.waitFor();
    const county = (await first.locator('.area-picker__county').innerText()).split('\n')[0].trim();
    const zips = await first.locator('.area-picker__zips input').count();
    expect(zips).toBeGreaterThan(0);
    await shots(page, 'overview-service-area');
    const box = first.locator('.area-picker__county input');
    await box.check();
    await box.uncheck();
    await expect.poll(() => first.locator('.area-picker__zips input:checked').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    const title = dialog.getByLabel(/^Service Area Name/);
    await title.fill('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'This field is required*').toBe(true);
    await title.fill('North metro');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'Updated successfully').toBe(true);
    await expect.poll(() => taskStatus(e2e, 'multi@demo.test', name)).toBe('completed');

    const api = await e2e.api('multi@demo.test');
    const area = (await (await api.call('GET', '/activities/service_areas')).json()) as {
      service_area: { title: string };
    };
    expect(area.service_area.title).toBe('North metro');
    const found = (await (
      await api.call('GET', `/locations/search?query=${encodeURIComponent(county.split(',')[0])}`)
    ).json()) as { locations: { name: string; selected: boolean }[] };
    expect(found.locations.find((l) => l.name === county)?.selected).toBe(false);
  });

  it('payment method: the shared payment form adds a card and completes the task', async () => {
    const page = await openOverview(e2e, 'directories@demo.test', 'Priya');
    const name = 'Update your expired card';
    const dialog = await openTask(page, name, 'Add Payment Method');
    await field(page, 'First name').fill('Priya');
    await field(page, 'Last name').fill('Shah');
    await field(page, 'Email').fill('priya@example.com');
    await page.locator('iframe[title="Secure card fields"]').waitFor({ timeout: 10_000 });
    const card = page.frameLocator('iframe[title="Secure card fields"]');
    await field(card, 'Card number').fill('4111111111111111');
    await field(card, 'Expiry \\(MM/YY\\)').fill('12/39');
    await field(card, 'Security code').fill('123');
    await field(card, 'ZIP code').fill('37212');
    await shots(page, 'overview-payment-method');
    const button = dialog.getByRole('button', { name: 'Add Payment Method' });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    await button.click();
    await visible(page, 'Credit Card has been added successfully.').toBe(true);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => taskStatus(e2e, 'directories@demo.test', name)).toBe('completed');
  });
});
