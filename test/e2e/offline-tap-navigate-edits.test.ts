/**
 * An edit followed at once by a full page load (issue 48, item 1), for the writes that read the
 * device before they queue (sync/outbox-edits.ts): a lead review, a campaign's pause and a profile
 * field are confirmed and, in the same task, the page loads another address (a link, a reload).
 * Each must reach the server exactly once: its value there, its version one step on (applied twice
 * would be two), the outbox empty. With and without a second tab of the same user.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, useE2e } from './fixture';
import { outboxRows } from './page-db';

type Api = Awaited<ReturnType<E2e['api']>>;
type Lead = { lead: { review_version: number; notes: { review: { text: string } | null } } };
type Campaign = {
  id: number;
  account: { is_locked: boolean };
  status: { value: string; trigger_status: boolean; pending: boolean; disable: boolean; version: number };
};
type Client = { business_profile: { job_title: string; version: number } };

/** Clicks `button` and loads `next` ('reload' or an address) before the task ends. */
async function tapAndLeave(page: Page, button: Locator, next: string) {
  const left = page.waitForEvent('load');
  await button.evaluate((element, url) => {
    (element as HTMLButtonElement).click();
    // Same task as the click: nothing the click started has had a turn of the event loop yet.
    if (url === 'reload') window.location.reload();
    else window.location.assign(url);
  }, next);
  await left;
}

const json = async <T>(api: Api, method: string, path: string, body?: unknown) =>
  (await (await api.call(method, path, body)).json()) as T;

describe('an edit, then a page load in the same task', () => {
  // The subject is the page's journal, not the server's load shedding: on a starved machine the
  // test's own API calls (sign-in, the checks) must not get "The server is busy" (a 503).
  const e2e = useE2e({
    env: { RATE_PER_IP: '2000', RATE_PER_ACCOUNT_IP: '500', MAX_EVENT_LOOP_DELAY_MS: '10000' },
  });

  async function review(page: Page, api: Api, email: string, next: string) {
    const lead = await e2e.newLead(email, { lead_type: 'Form' });
    const before = (await json<Lead>(api, 'GET', `/leads/${lead.id}`)).lead.review_version;
    await page.goto(e2e.url(`/dashboard/leads?id=${lead.id}`));
    await page.getByRole('button', { name: 'Request Review' }).click();
    const form = page.getByRole('dialog', { name: 'Request Review' });
    await form.getByLabel(/Reason for review/).selectOption('spam');
    const note = `Robocall, tapped and left (${next === 'reload' ? 'reload' : 'link'}).`;
    await form.getByLabel(/Description of the issue/).fill(note);
    await tapAndLeave(page, form.getByRole('button', { name: 'Submit' }), next);
    await expect
      .poll(
        async () => {
          const { lead: now } = await json<Lead>(api, 'GET', `/leads/${lead.id}`);
          return [now.notes.review?.text, now.review_version];
        },
        { timeout: 30_000 },
      )
      .toEqual([note, before + 1]);
  }

  async function pause(page: Page, api: Api, next: string) {
    const { campaigns } = await json<{ campaigns: Campaign[] }>(api, 'POST', '/campaigns', { per_page: 100 });
    const target = campaigns.find(
      (c) =>
        c.status.value === 'active' &&
        c.status.trigger_status &&
        !c.status.pending &&
        !c.status.disable &&
        !c.account.is_locked,
    );
    if (!target) throw new Error('no campaign to pause');
    await page.goto(e2e.url('/dashboard/campaigns'));
    const row = page.locator(`tr[data-campaign="${target.id}"]`);
    await row.getByRole('switch').click();
    const modal = page.getByRole('dialog', { name: 'Pause campaign' });
    await tapAndLeave(page, modal.getByRole('button', { name: 'Pause' }), next);
    const status = async () =>
      (await json<{ campaigns: Campaign[] }>(api, 'POST', '/campaigns', { per_page: 100 })).campaigns.find(
        (c) => c.id === target.id,
      )?.status;
    await expect
      .poll(async () => [(await status())?.value, (await status())?.version], { timeout: 30_000 })
      .toEqual(['paused', target.status.version + 1]);
  }

  async function role(page: Page, api: Api, value: string, next: string) {
    const before = (await json<Client>(api, 'GET', '/client')).business_profile.version;
    await page.goto(e2e.url('/dashboard/account-settings/profile'));
    const details = page.locator('section', { has: page.getByRole('heading', { name: 'Profile Details' }) });
    const field = details.getByLabel(/^Role\*?$/);
    await expect.poll(() => field.inputValue()).not.toBe('');
    await field.fill(value);
    await tapAndLeave(page, details.getByRole('button', { name: 'Save' }), next);
    await expect
      .poll(
        async () => {
          const { business_profile: now } = await json<Client>(api, 'GET', '/client');
          return [now.job_title, now.version];
        },
        { timeout: 30_000 },
      )
      .toEqual([value, before + 1]);
  }

  async function run(email: string, secondTab: boolean) {
    const api = await e2e.api(email);
    const { context, page } = await e2e.newPage();
    const { showAd } = await e2e.signedIn(page, email);
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    if (secondTab) {
      const other = await context.newPage();
      await other.goto(e2e.url('/dashboard/overview'));
      await other.getByRole('button', { name: /^Notifications/ }).waitFor();
    }
    const elsewhere = e2e.url('/dashboard/overview');
    await review(page, api, email, elsewhere);
    await review(page, api, email, 'reload');
    await pause(page, api, elsewhere);
    await role(page, api, `Field lead ${secondTab ? 'B' : 'A'} 1`, 'reload');
    await role(page, api, `Field lead ${secondTab ? 'B' : 'A'} 2`, elsewhere);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    await context.close();
  }

  it('keeps a review, a pause and a profile field, with one tab', { timeout: 240_000 }, async () => {
    await run('owner@demo.test', false);
  });

  it('keeps them with a second tab open', { timeout: 240_000 }, async () => {
    await run('franchise@demo.test', true);
  });
});
