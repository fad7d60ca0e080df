/**
 * A conflict is resolvable where it shows (issue 48 item 4): a lead review queued offline while
 * another device reviewed the lead is refused (409) on reconnect, and the lead drawer itself shows
 * both values ("Yours" / "On the server now") with the outbox's two choices, and the current state
 * (the other device's review, "Edit Review", no offline badge) instead of "Offline · data as of"
 * and "Request Review". Keep mine delivers mine once; Take the server's keeps theirs. The profile
 * section does the same for Profile Details changed on two devices.
 * Each waits for the screen, the page's outbox or the server, never a time.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { openLeads } from './leads-helpers';
import { outboxRows, waitForController } from './page-db';
import { shots } from './screens';

const MINE = 'Caller asked for a different company, wrong number.';
const THEIRS = 'The same homeowner called twice today about one job.';

/** Statuses of the writes to `path` (below /api/v1) the server answered, in order. */
function answersTo(context: BrowserContext, method: string, path: string) {
  const statuses: number[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (request.method() === method && request.url().endsWith(`/api/v1${path}`))
      statuses.push(response.status());
  });
  return statuses;
}

describe('conflicts resolved where they show', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  /** Queues this device's review offline, lets "another device" review the lead, reconnects. */
  async function reviewConflict(page: Page, context: BrowserContext, leadId: number) {
    await openLeads(e2e, page, 'owner@demo.test', `?id=${leadId}`);
    const drawer = page.locator('.lead-review');
    await drawer.getByRole('button', { name: 'Request Review' }).waitFor();
    // The review form's code comes from the worker's precache offline (it loads in idle time).
    await waitForController(page);
    await context.setOffline(true);
    await drawer.getByRole('button', { name: 'Request Review' }).click();
    const form = page.getByRole('dialog', { name: 'Request Review' });
    await form.getByLabel(/Reason for review/).selectOption('wrong_number');
    await form.getByLabel(/Description of the issue/).fill(MINE);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await outboxRows(page)).length).toBe(1);

    const other = await e2e.api('owner@demo.test');
    const theirs = await other.call('POST', `/leads/${leadId}/review`, {
      review_type: 'duplicate',
      note: THEIRS,
      based_on_version: 0,
    });
    expect(theirs.status).toBe(200);
    await context.setOffline(false);
    await expect
      .poll(async () => (await outboxRows(page)).map((row) => row.status), { timeout: 20_000 })
      .toEqual(['failed']);
    return drawer;
  }

  const serverReview = async (leadId: number) => {
    const owner = await e2e.api('owner@demo.test');
    const { lead } = (await (await owner.call('GET', `/leads/${leadId}`)).json()) as {
      lead: { review_version: number; notes: { review: { text: string } | null } };
    };
    return { version: lead.review_version, text: lead.notes.review?.text };
  };

  it('the drawer shows both reviews and the current state; Keep mine delivers mine once', async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const { context, page } = await e2e.newPage();
    const answers = answersTo(context, 'POST', `/leads/${lead.id}/review`);
    const review = await reviewConflict(page, context, lead.id);

    await expect
      .poll(() => review.locator('.outbox-conflict__field').allInnerTexts(), { timeout: 10_000 })
      .toEqual([
        'Review type\nYours Wrong number\nOn the server now Duplicate',
        `Note\nYours ${MINE}\nOn the server now ${THEIRS}`,
      ]);
    // The current state, read again once the server answered: their review, no offline badge.
    await review.getByRole('button', { name: 'Edit Review' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('.offline-badge').count(), { timeout: 10_000 }).toBe(0);
    expect(await review.getByRole('button', { name: 'Request Review' }).count()).toBe(0);
    await review.locator('.outbox-conflict').scrollIntoViewIfNeeded();
    await shots(page, 'conflict-in-drawer');

    await review.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    expect(await serverReview(lead.id)).toEqual({ version: 2, text: MINE });
    await expect.poll(() => answers).toEqual([409, 200]);
    await review.getByText(MINE).waitFor({ timeout: 10_000 });
    expect(await review.locator('.outbox-conflict').count()).toBe(0);
    await context.close();
  });

  it("the drawer's Take the server's: mine is dropped and their review shows", async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const { context, page } = await e2e.newPage();
    const answers = answersTo(context, 'POST', `/leads/${lead.id}/review`);
    const review = await reviewConflict(page, context, lead.id);

    await review.getByRole('button', { name: "Take the server's" }).click();
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    await review.getByText(THEIRS).waitFor({ timeout: 10_000 });
    expect(await review.getByText(MINE).count()).toBe(0);
    expect(await review.locator('.outbox-conflict').count()).toBe(0);
    expect(await serverReview(lead.id)).toEqual({ version: 1, text: THEIRS });
    expect(answers).toEqual([409]);
    await context.close();
  });

  it('Profile Details changed on two devices: both values in the section, resolved there', async () => {
    const owner = await e2e.api('owner@demo.test');
    const { context, page } = await e2e.newPage();
    const answers = answersTo(context, 'PUT', '/client');
    const { showAd } = await e2e.signedIn(page, 'owner@demo.test');
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    await waitForController(page);
    await page.goto(e2e.url('/dashboard/account-settings/profile'));
    const details = page.locator('section', { has: page.getByRole('heading', { name: 'Profile Details' }) });
    const role = details.getByLabel(/^Role\*?$/);
    await role.waitFor();
    await expect.poll(() => role.inputValue()).not.toBe('');

    await context.setOffline(true);
    await role.fill('Field Operations Lead');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await outboxRows(page)).length).toBe(1);

    const { business_profile: now } = (await (await owner.call('GET', '/client')).json()) as {
      business_profile: Record<string, string | number> & { version: number };
    };
    const fields = ['first_name', 'last_name', 'business_name', 'job_title', 'phone_number', 'address'];
    const body = Object.fromEntries(fields.map((name) => [name, now[name]]));
    const other = await owner.call('PUT', '/client', {
      ...body,
      time_zone: now.time_zone,
      job_title: 'Office Manager',
      based_on_version: now.version,
    });
    expect(other.status).toBe(200);

    await context.setOffline(false);
    await expect
      .poll(async () => (await outboxRows(page)).map((row) => row.status), { timeout: 20_000 })
      .toEqual(['failed']);
    await expect
      .poll(() => details.locator('.outbox-conflict__field').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['Role\nYours Field Operations Lead\nOn the server now Office Manager']);
    await shots(page, 'conflict-in-profile');

    await details.getByRole('button', { name: "Take the server's" }).click();
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    await expect.poll(() => role.inputValue(), { timeout: 10_000 }).toBe('Office Manager');
    expect(await details.locator('.outbox-conflict').count()).toBe(0);
    expect(answers).toEqual([409]);
    await context.close();
  });
});
