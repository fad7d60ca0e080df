/**
 * Conflicts in a real browser: a lead review queued offline while another device reviews the same
 * lead. On reconnect the server refuses the stale review (409) and the Outbox panel shows both
 * values; "Keep mine" delivers the user's review exactly once on the server's new version, "Take
 * the server's" drops it and the drawer shows the other device's review. Also a county paused
 * offline in the campaign drawer while another device paused and resumed it: both statuses shown,
 * "Keep mine" pauses it on the server's version, once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { openLeads } from './leads-helpers';
import { dbRows, type OutboxRow, outboxRows } from './page-db';
import { shots } from './screens';

type Conflicted = OutboxRow & { conflict: { version: number; current: Record<string, string> } | null };

const MINE = 'Caller asked for a different company, wrong number.';
const THEIRS = 'The same homeowner called twice today about one job.';

/** Statuses of the POSTs to `path` (below /api/v1) the server answered, in order. */
function answersTo(context: BrowserContext, path: string) {
  const statuses: number[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && request.url().endsWith(`/api/v1${path}`)) {
      statuses.push(response.status());
    }
  });
  return statuses;
}
/** Statuses of the review requests the server answered, in order. */
const reviewAnswers = (context: BrowserContext, leadId: number) =>
  answersTo(context, `/leads/${leadId}/review`);

type County = { id: number; name: string; status: string; pending: boolean; status_version: number };

describe('offline conflicts', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  /** Opens the Outbox panel once the refused write shows as failed. */
  async function openOutbox(page: Page) {
    const indicator = page.getByTestId('sync-indicator');
    await expect.poll(() => indicator.textContent()).toBe('1 failed');
    await page.keyboard.press('Escape');
    await indicator.click();
    const panel = page.getByRole('dialog', { name: 'Outbox' });
    await panel.getByText('Changed elsewhere').waitFor();
    return panel;
  }

  /** Queues this device's review offline, lets "another device" review the lead, reconnects. */
  async function conflict(page: Page, context: BrowserContext, leadId: number) {
    await openLeads(e2e, page, 'owner@demo.test', `?id=${leadId}`);
    await page.getByRole('button', { name: 'Request Review' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Request Review' }).click();
    const form = page.getByRole('dialog', { name: 'Request Review' });
    await form.getByLabel(/Reason for review/).selectOption('wrong_number');
    await form.getByLabel(/Description of the issue/).fill(MINE);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    // Queued with the version this device read: the lead had no review (0).
    await expect
      .poll(async () => (await outboxRows(page)).map((row) => row.body))
      .toEqual([{ kind: 'json', json: { review_type: 'wrong_number', note: MINE, based_on_version: 0 } }]);

    const other = await e2e.api('owner@demo.test');
    const theirs = await other.call('POST', `/leads/${leadId}/review`, {
      review_type: 'duplicate',
      note: THEIRS,
      based_on_version: 0,
    });
    expect(theirs.status).toBe(200);

    await context.setOffline(false);
    await expect
      .poll(async () => (await outboxRows(page)).map((row) => [row.status, (row as Conflicted).conflict]), {
        timeout: 20_000,
      })
      .toEqual([['failed', { version: 1, current: { review_type: 'duplicate', note: THEIRS } }]]);
    return openOutbox(page);
  }

  const serverReview = async (leadId: number) => {
    const owner = await e2e.api('owner@demo.test');
    const { lead } = (await (await owner.call('GET', `/leads/${leadId}`)).json()) as {
      lead: { review_version: number; notes: { review: { text: string; review_type: string } | null } };
    };
    return {
      version: lead.review_version,
      text: lead.notes.review?.text,
      type: lead.notes.review?.review_type,
    };
  };

  it('shows both reviews and keeps mine: the server holds mine, delivered once', async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const { context, page } = await e2e.newPage();
    const answers = reviewAnswers(context, lead.id);
    const panel = await conflict(page, context, lead.id);

    // Both values, field by field, in plain words.
    const fields = panel.locator('.outbox-conflict__field');
    await expect
      .poll(() => fields.allInnerTexts())
      .toEqual([
        'Review type\nYours Wrong number\nOn the server now Duplicate',
        `Note\nYours ${MINE}\nOn the server now ${THEIRS}`,
      ]);
    await shots(page, 'outbox-conflict');

    // Keyboard: the choice is a plain button.
    await panel.getByRole('button', { name: 'Keep mine' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    expect(await serverReview(lead.id)).toEqual({ version: 2, text: MINE, type: 'wrong_number' });
    // The refused try, then mine once on the new version: no second delivery.
    await expect.poll(() => answers).toEqual([409, 200]);
    await panel.getByText('Nothing is waiting').waitFor();
    await context.close();
  });

  it("takes the server's: the change is gone and the drawer shows the other device's review", async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const { context, page } = await e2e.newPage();
    const answers = reviewAnswers(context, lead.id);
    const panel = await conflict(page, context, lead.id);

    await panel.getByRole('button', { name: "Take the server's" }).click();
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    await panel.getByText('Nothing is waiting').waitFor();
    // The lead's stored read was refreshed: it holds the other device's review now.
    await expect
      .poll(async () => {
        const rows = await dbRows<{
          url: string;
          data: { lead?: { notes: { review: { text: string } | null } } };
        }>(page, 'responses');
        return rows.find((row) => row.url === `/api/v1/leads/${lead.id}`)?.data.lead?.notes.review?.text;
      })
      .toBe(THEIRS);
    await page.keyboard.press('Escape');
    await page.goto(e2e.url(`/dashboard/leads?id=${lead.id}`));
    await page.locator('.lead-review').getByText(THEIRS).waitFor({ timeout: 10_000 });
    expect(await page.locator('.lead-review').getByText(MINE).count()).toBe(0);
    expect(await serverReview(lead.id)).toEqual({ version: 1, text: THEIRS, type: 'duplicate' });
    expect(answers).toEqual([409]);
    await shots(page, 'outbox-conflict-taken');
    await context.close();
  });

  it('county status: paused offline while another device paused and resumed it; keep mine', async () => {
    const owner = await e2e.api('owner@demo.test');
    const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;
    // A changeable campaign with county switches, and its first active county.
    const { campaigns } = await json<{
      campaigns: { id: number; platform: string; account: { is_locked: boolean } }[];
    }>(owner.call('POST', '/campaigns', { per_page: 100 }));
    let campaign: { id: number; platform: string; name: string } | undefined;
    for (const row of campaigns.filter((r) => !r.account.is_locked)) {
      const { campaign: d } = await json<{
        campaign: { name: string; trigger_location_status: boolean; is_locked: boolean };
      }>(owner.call('GET', `/campaigns/${row.id}`));
      if (d.trigger_location_status && !d.is_locked) {
        campaign = { id: row.id, platform: row.platform, name: d.name };
        break;
      }
    }
    if (!campaign) throw new Error('no campaign with county switches');
    const { id: campaignId, platform } = campaign;
    const counties = async () =>
      (await json<{ locations: County[] }>(owner.call('GET', `/campaigns/${campaignId}/locations`)))
        .locations;
    const county = (await counties()).find((c) => c.status === 'active' && !c.pending);
    if (!county) throw new Error('no active county on the first page');
    const now = async () => (await counties()).find((c) => c.id === county.id) as County;
    const settled = () => expect.poll(async () => (await now()).pending, { timeout: 20_000 }).toBe(false);
    const statusPath = `/${platform}/campaigns/${campaignId}/settings/location_status`;

    const { context, page } = await e2e.newPage();
    const answers = answersTo(context, statusPath);
    await e2e.signedIn(page, 'owner@demo.test');
    await page.goto(e2e.url('/dashboard/campaigns'));
    await page.locator(`tr[data-campaign="${campaignId}"] .campaigns-table__name`).click();
    const drawer = page.getByRole('dialog', { name: `Campaign ${campaign.name}` });
    await drawer.getByRole('tab', { name: 'Locations' }).click();
    const row = drawer.locator(`li.county[data-county="${county.id}"]`);
    const toggle = row.getByRole('switch', { name: `County ${county.name} active` });
    await expect.poll(() => toggle.isDisabled()).toBe(false);

    // This device pauses the county offline, from the version its Locations read showed.
    await context.setOffline(true);
    await toggle.click();
    await page.getByRole('dialog', { name: 'Pause county' }).getByRole('button', { name: 'Pause' }).click();
    const mine = { status: 'paused', locations: [county.id], pause_duration: 3 };
    await expect
      .poll(async () => (await outboxRows(page)).map((r) => r.body))
      .toEqual([{ kind: 'json', json: { ...mine, based_on_version: county.status_version } }]);

    // Meanwhile another device pauses it and, once confirmed, activates it again.
    const other = await e2e.api('owner@demo.test');
    const pause = { status: 'paused', locations: [county.id], pause_duration: 12 };
    expect((await other.call('POST', statusPath, pause)).status).toBe(200);
    await settled();
    expect((await other.call('POST', statusPath, { status: 'active', locations: [county.id] })).status).toBe(
      200,
    );
    const theirs = county.status_version + 2;
    expect((await now()).status_version).toBe(theirs);

    await context.setOffline(false);
    await expect
      .poll(async () => (await outboxRows(page)).map((r) => [r.status, (r as Conflicted).conflict]), {
        timeout: 20_000,
      })
      .toEqual([['failed', { version: theirs, current: { status: 'active' } }]]);
    const panel = await openOutbox(page);
    await expect
      .poll(() => panel.locator('.outbox-conflict__field').allInnerTexts())
      .toEqual(['Status\nYours Paused\nOn the server now Active']);

    // Keep mine once the other device's activation is confirmed (a pending county refuses changes).
    await settled();
    await panel.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    await panel.getByText('Nothing is waiting').waitFor();
    expect(await now()).toMatchObject({ status: 'paused', status_version: theirs + 1 });
    // The refused try, then mine once on the server's version.
    await expect.poll(() => answers).toEqual([409, 200]);
    await context.close();
  });
});
