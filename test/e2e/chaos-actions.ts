/**
 * The chaos test's writes, each made through the real screen the way a user makes it (online or
 * offline: each screen was opened once online first, so it opens from the device's copies). An
 * action ends once it pressed the button that queues the write; the test then waits until the write
 * is on the device (outbox) or on its way.
 */
import type { Page } from 'playwright-core';
import { field, signedInAs } from './screens';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(48, 9),
]);
const SETTINGS = '/dashboard/account-settings';
const section = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: title }) }).last();

async function open(page: Page, base: string, path: string) {
  await page.goto(`${base}${path}`);
  await signedInAs(page, 'Maria Alvarez');
}

async function openTask(page: Page, base: string, search: string, task: RegExp, dialog: string) {
  await open(page, base, '/dashboard/overview');
  await page.locator('.activity-row').first().waitFor();
  await page.getByLabel('Search activities').fill(search);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: task }).first().click();
  const modal = page.getByRole('dialog', { name: dialog });
  await modal.waitFor();
  return modal;
}

export const actions = {
  async review(page: Page, base: string, leadId: number) {
    await open(page, base, `/dashboard/leads?id=${leadId}`);
    await page.getByRole('button', { name: 'Request Review' }).click();
    const form = page.getByRole('dialog', { name: 'Request Review' });
    await form.getByLabel(/Reason for review/).selectOption('spam');
    await form.getByLabel(/Description of the issue/).fill(`Chaos review of lead ${leadId}.`);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
  },

  async campaignStatus(page: Page, base: string, campaignId: number, to: 'paused' | 'active') {
    await open(page, base, '/dashboard/campaigns');
    const toggle = page.locator(`tr[data-campaign="${campaignId}"]`).getByRole('switch');
    // A pause is confirmed by the platforms a moment later (live): until then the switch is off.
    await toggle.and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
    await toggle.click();
    const modal = page.getByRole('dialog', {
      name: to === 'paused' ? 'Pause campaign' : 'Activate campaign',
    });
    await modal.getByRole('button', { name: to === 'paused' ? 'Pause' : 'Activate' }).click();
    await modal.waitFor({ state: 'detached' });
  },

  async schedule(page: Page, base: string, campaignId: number, from: string) {
    await open(page, base, '/dashboard/campaigns');
    await page.locator(`tr[data-campaign="${campaignId}"] .campaigns-table__name`).click();
    const drawer = page.getByRole('dialog', { name: /^Campaign / });
    await drawer.getByRole('tab', { name: 'Schedule' }).click();
    const monday = drawer.locator('[data-day="monday"]');
    await monday.getByLabel('Open').waitFor();
    if (!(await monday.getByLabel('Open').isChecked())) await monday.getByLabel('Open').check();
    if (await monday.getByLabel('24 hours').isChecked()) await monday.getByLabel('24 hours').uncheck();
    await monday.getByLabel('Monday from').selectOption(from);
    await monday.getByLabel('Monday to').selectOption('17:00');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.keyboard.press('Escape');
  },

  async profile(page: Page, base: string, role: string) {
    await open(page, base, `${SETTINGS}/profile`);
    await field(page, 'Role').fill(role);
    await section(page, 'Profile Details').getByRole('button', { name: 'Save' }).click();
  },

  async paidMedia(page: Page, base: string, area: string) {
    await open(page, base, `${SETTINGS}/profile`);
    await field(page, 'Service Area').fill(area);
    await section(page, 'Paid Media / Ad Details').getByRole('button', { name: 'Save' }).click();
  },

  async linkedSettings(page: Page, base: string, phone: string) {
    await open(page, base, `${SETTINGS}/linked-accounts`);
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Settings' }).click();
    await card.getByLabel(/^Destination Phone\*?$/).fill(phone);
    await card.getByRole('button', { name: 'Save Settings' }).click();
  },

  async readNotification(page: Page, base: string, message: string) {
    await open(page, base, '/dashboard/overview');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByText(message).click();
  },

  async readAll(page: Page, base: string) {
    await open(page, base, '/dashboard/overview');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.keyboard.press('Escape');
  },

  async logo(page: Page, base: string) {
    const modal = await openTask(page, base, 'logo', /Upload your company logo/, 'Upload Logo');
    await modal
      .getByLabel('Company Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await modal.getByRole('img', { name: 'Logo preview' }).waitFor();
    await modal.getByRole('button', { name: 'Save' }).click();
  },

  async serviceArea(page: Page, base: string, title: string) {
    const modal = await openTask(page, base, 'service area', /Confirm your service area/, 'Service Area');
    const first = modal.locator('.area-picker__item').first();
    await first.waitFor();
    const box = first.locator('.area-picker__county input');
    if (await box.isChecked()) await box.uncheck();
    else await box.check();
    await modal.getByRole('button', { name: 'Next Step' }).click();
    await modal.getByLabel(/^Service Area Name/).fill(title);
    await modal.getByRole('button', { name: 'Submit' }).click();
  },

  async tableColumns(page: Page, base: string) {
    await open(page, base, '/dashboard/leads');
    await page.locator('.data-table__row').first().waitFor();
    await page.getByRole('button', { name: 'Table Config' }).click();
    const panel = page.locator('.table-config');
    const email = panel.getByRole('checkbox', { name: 'Email' });
    if (await email.isChecked()) await email.uncheck();
    else await email.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
  },

  async deleteSavedFilter(page: Page, base: string, name: string) {
    await open(page, base, '/dashboard/leads');
    await page.locator('.data-table__row').first().waitFor();
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: `Delete saved filter ${name}` }).click();
    await page.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
  },
};

/** Opens, online, what the actions open later (the schedule drawer, the searched task lists), then closes it. */
export async function warmDialogs(page: Page, base: string, scheduledCampaign: number) {
  await open(page, base, '/dashboard/campaigns');
  await page.locator(`tr[data-campaign="${scheduledCampaign}"] .campaigns-table__name`).click();
  const drawer = page.getByRole('dialog', { name: /^Campaign / });
  await drawer.getByRole('tab', { name: 'Schedule' }).click();
  await drawer.locator('[data-day="monday"]').getByLabel('Open').waitFor();
  await page.keyboard.press('Escape');
  const modal = await openTask(page, base, 'service area', /Confirm your service area/, 'Service Area');
  await modal.locator('.area-picker__item').first().waitFor();
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });
  // The task list searched for 'logo' is a read of its own, stored once opened.
  const logo = await openTask(page, base, 'logo', /Upload your company logo/, 'Upload Logo');
  await page.keyboard.press('Escape');
  await logo.waitFor({ state: 'detached' });
}
