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

/** Drags the City column's resize handle 90 px to the right; answers its width before and after. */
export async function widenCity(page: Page): Promise<{ before: number; after: number }> {
  const handle = page.getByRole('separator', { name: 'Resize City' });
  const before = Number(await handle.getAttribute('aria-valuenow'));
  const box = await handle.boundingBox();
  if (!box) throw new Error('no resize handle');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  return { before, after: Number(await handle.getAttribute('aria-valuenow')) };
}

/** The City column's width in the server's leads table configuration of `user`. */
export async function serverCityWidth(
  user: Awaited<ReturnType<E2e['api']>>,
): Promise<number | null | undefined> {
  const config = (await (await user.call('GET', '/table/leads')).json()) as {
    required_fields: { name: string; width: number | null }[];
  };
  return config.required_fields.find((c) => c.name === 'city')?.width;
}
