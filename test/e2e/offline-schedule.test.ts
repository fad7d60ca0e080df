/**
 * A second call-schedule change queued on top of the first (issue 48 item 5): a contractor
 * changes Monday offline and saves, then Tuesday and saves again; Save is never held back, both
 * days reach the server in one write. With the first change already on the wire (its request
 * held), the second waits behind it on the version it makes and follows it, in order, once each.
 * Each waits for the outbox rows or the server's schedule, never a time.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { holdRequests } from './held-requests';
import { outboxRows } from './page-db';
import { shots } from './screens';

type Day = { day: string; is_opened: boolean; from: string | null; to: string | null };
type Campaign = { id: number; name: string };
const SAVE_PATH = '**/api/v1/**/settings/update_schedule';

type Saved = { schedule: Day[]; based_on_version?: number };
/** A queued schedule save's JSON body. */
const savedOf = (row: { body: unknown } | undefined) => (row?.body as { json: Saved } | undefined)?.json;

/** Statuses the server gave the schedule saves, in order. */
function scheduleAnswers(context: BrowserContext) {
  const statuses: number[] = [];
  context.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/settings/update_schedule'))
      statuses.push(response.status());
  });
  return statuses;
}

describe('schedule changes queued on top of each other', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  /** The first listed campaigns whose schedule the owner may change (one per test). */
  async function changeable(): Promise<Campaign[]> {
    const owner = await e2e.api('owner@demo.test');
    const { campaigns } = (await (await owner.call('POST', '/campaigns', {})).json()) as {
      campaigns: { id: number }[];
    };
    const found: Campaign[] = [];
    for (const { id } of campaigns) {
      const { campaign } = (await (await owner.call('GET', `/campaigns/${id}`)).json()) as {
        campaign: { name: string; show_schedule: boolean; is_locked: boolean };
      };
      if (campaign.show_schedule && !campaign.is_locked) found.push({ id, name: campaign.name });
      if (found.length === 2) return found;
    }
    throw new Error('not enough campaigns with a changeable schedule');
  }

  const serverWeek = async (campaignId: number) => {
    const owner = await e2e.api('owner@demo.test');
    const answer = await owner.call('GET', `/campaigns/${campaignId}/schedule`);
    return ((await answer.json()) as { schedule: Day[]; version: number }).schedule;
  };
  const hours = (week: Day[], day: string) => {
    const found = week.find((d) => d.day === day);
    return found?.is_opened ? `${found.from}-${found.to}` : 'closed';
  };

  async function openSchedule(page: Page, campaign: Campaign): Promise<Locator> {
    await e2e.signedIn(page, 'owner@demo.test');
    await page.goto(e2e.url('/dashboard/campaigns'));
    await page.locator(`tr[data-campaign="${campaign.id}"] .campaigns-table__name`).click();
    const drawer = page.getByRole('dialog', { name: `Campaign ${campaign.name}` });
    await drawer.getByRole('tab', { name: 'Schedule' }).click();
    await drawer.getByText('Enable call schedule').waitFor();
    // Weekdays open 8 AM-6 PM, so Monday and Tuesday have hours to change.
    await drawer.getByRole('button', { name: 'Weekdays 8 AM–6 PM' }).click();
    return drawer;
  }

  /** Sets a weekday's start and saves; Save must be there to press (never held back). */
  async function saveStart(drawer: Locator, day: string, from: string) {
    const label = day.charAt(0).toUpperCase() + day.slice(1);
    await drawer.locator(`[data-day="${day}"]`).getByLabel(`${label} from`).selectOption(from);
    const save = drawer.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isDisabled(), { timeout: 5000 }).toBe(false);
    await save.click();
  }

  it('offline: Monday saved, then Tuesday saved on top; one write delivers both', async () => {
    const [campaign] = await changeable();
    const { context, page } = await e2e.newPage();
    const answers = scheduleAnswers(context);
    const drawer = await openSchedule(page, campaign as Campaign);

    await context.setOffline(true);
    await saveStart(drawer, 'monday', '10:30');
    await expect.poll(async () => (await outboxRows(page)).length).toBe(1);
    const [first] = await outboxRows(page);
    await saveStart(drawer, 'tuesday', '11:00');
    // One write, the newest hours, on the version the first was based on.
    await expect
      .poll(async () => {
        const rows = await outboxRows(page);
        const json = savedOf(rows[0]);
        return [rows.length, json && hours(json.schedule, 'monday'), json && hours(json.schedule, 'tuesday')];
      })
      .toEqual([1, '10:30-18:00', '11:00-18:00']);
    const [second] = await outboxRows(page);
    expect(savedOf(second)?.based_on_version).toBe(savedOf(first)?.based_on_version);
    await drawer.locator('.status-toggle__pending').waitFor();
    await shots(page, 'offline-schedule-queued');

    await context.setOffline(false);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    const week = await serverWeek((campaign as Campaign).id);
    expect([hours(week, 'monday'), hours(week, 'tuesday')]).toEqual(['10:30-18:00', '11:00-18:00']);
    await page.getByText('Call schedule hours has been updated successfully').waitFor();
    expect(answers).toEqual([200]);
    await context.close();
  });

  it('the first change on the wire: the second waits behind it and follows, in order', async () => {
    const [, campaign] = await changeable();
    const { context, page } = await e2e.newPage();
    const answers = scheduleAnswers(context);
    const drawer = await openSchedule(page, campaign as Campaign);
    const release = await holdRequests(context, SAVE_PATH);

    await saveStart(drawer, 'monday', '09:30');
    await expect.poll(async () => (await outboxRows(page)).map((row) => row.status)).toEqual(['sending']);
    await saveStart(drawer, 'tuesday', '12:00');
    await expect
      .poll(async () => (await outboxRows(page)).map((row) => row.status))
      .toEqual(['sending', 'queued']);
    const [first, second] = (await outboxRows(page)).map((row) => savedOf(row)?.based_on_version);
    expect(second).toBe((first as number) + 1);

    release();
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    const week = await serverWeek((campaign as Campaign).id);
    expect([hours(week, 'monday'), hours(week, 'tuesday')]).toEqual(['09:30-18:00', '12:00-18:00']);
    expect(answers).toEqual([200, 200]);
    await context.close();
  });
});
