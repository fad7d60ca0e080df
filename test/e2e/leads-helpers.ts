/**
 * Shared steps of the leads browser tests: signing in and opening the leads screen, setting a
 * custom date range, and reading the statistics and the rows.
 */
import type { Page } from 'playwright-core';
import type { E2e } from './fixture';

/** The seeded demo data ends on this day (test/server/constants.ts TEST_TODAY). */
export const SEED_START = '11/01/2026';
export const SEED_END = '11/20/2026';

export async function openLeads(e2e: E2e, page: Page, email: string, query = '') {
  await e2e.signedIn(page, email);
  await page.goto(e2e.url(`/dashboard/leads${query}`));
  // An open drawer (?id=) hides the page from the accessibility tree, so wait on the DOM.
  await page.locator('h1.leads-page__title').waitFor();
}

export async function setRange(page: Page, start: string, end: string) {
  await page.getByRole('combobox', { name: 'Date range' }).selectOption('custom');
  const dialog = page.getByRole('dialog', { name: 'Custom date' });
  await dialog.getByLabel('Start date', { exact: true }).fill(start);
  await dialog.getByLabel('End date', { exact: true }).fill(end);
  await dialog.getByLabel('End date', { exact: true }).blur();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export const stat = async (page: Page, key: string) =>
  Number(((await page.locator(`[data-stat="${key}"]`).textContent()) ?? '').replace(/[$,]/g, ''));

export const rowNames = (page: Page) => page.locator('.leads-table__open').allTextContents();
