/**
 * The campaigns screen in a real browser: sort, filter, search and expand providers; a pause
 * with a duration showing 'Pending' until the live switch_status clears it, 'Paused until' (the
 * account's zone) on the row and in the drawer, Resume now, then a pause's automatic end (server
 * clock moved); a county toggle; targeting (Target All / Update / Target labels, an Update); the
 * schedule's quick actions on a phone, its check before queuing and a save; the create-campaign modal end to end; a locked account's drawer;
 * a pause queued offline and refused on reconnect (the account was locked meanwhile) with the
 * server's message and the chosen duration kept; and, last (it reads the server's database), a
 * pause made offline delivered once on reconnect.
 * Screenshots of the page, an expanded row and each drawer tab at 1280 and 390 px.
 */
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { campaignStatusHistory } from '../../server/db/schema/campaigns';
import { accounts } from '../../server/db/schema/shell';
import { formatPauseEnd } from '../../src/features/campaigns/pause-end';
import type { E2e } from './fixture';
import { useE2e } from './fixture';
import { outboxRows } from './page-db';
import { shots } from './screens';
import { inspectServerDb } from './server-api';

type Row = {
  id: number;
  platform: string;
  account: { ref_id: string; is_locked: boolean };
  status: {
    value: string;
    trigger_status: boolean;
    pending: boolean;
    disable: boolean;
    paused_until: string | null;
  };
  data: { name: string; value: string | null }[];
};
const switchable = (r: Row) =>
  r.status.value === 'active' &&
  r.status.trigger_status &&
  !r.status.pending &&
  !r.status.disable &&
  !r.account.is_locked;

async function openCampaigns(e2e: E2e, page: Page, email: string) {
  await e2e.signedIn(page, email);
  await page.goto(e2e.url('/dashboard/campaigns'));
  await page.locator('h1.campaigns-page__title').waitFor();
  await page.locator('tr.campaigns-table__row').first().waitFor();
}
const names = (page: Page) => page.locator('.campaigns-table__name').allTextContents();
const nameOf = (row: Row) => row.data.find((c) => c.name === 'name')?.value ?? '';
/** The owner's campaigns as the API lists them (first page, by name). */
async function ownerRows(
  e2e: E2e,
  email = 'owner@demo.test',
): Promise<{ api: Awaited<ReturnType<E2e['api']>>; rows: Row[] }> {
  const api = await e2e.api(email);
  const res = await api.call('POST', '/campaigns', { per_page: 100 });
  return { api, rows: ((await res.json()) as { campaigns: Row[] }).campaigns };
}
const rowOf = (page: Page, id: number) => page.locator(`tr[data-campaign="${id}"]`);

describe('campaigns screen', () => {
  const e2e = useE2e({ env: { TEST_CLOCK: 'on', RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });
  const started = new Date();

  it('sorts, filters, searches and expands a row to its providers', async () => {
    const { context, page } = await e2e.newPage();
    await openCampaigns(e2e, page, 'franchise@demo.test');
    const first = await names(page);
    expect(first).toEqual([...first].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await shots(page, 'campaigns-page');
    // A phone shows its three columns (name, status, total leads) in its width, no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.locator('.campaigns-table thead th').count()).toBe(4);
    expect(
      await page.locator('.campaigns-table').evaluate((table) => table.scrollWidth - table.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect
      .poll(async () => {
        const now = await names(page);
        return now.length > 0 && now[0] !== first[0];
      })
      .toBe(true);
    const desc = await names(page);
    expect(desc).toEqual([...desc].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('button', { name: 'New filter' }).click();
    await page.getByLabel('Field').selectOption('service');
    const value = page.getByLabel('Value');
    await value.selectOption({ index: 1 });
    const service = ((await value.locator('option:checked').textContent()) ?? '').trim();
    await page.getByRole('button', { name: 'Apply' }).click();
    const services = () => page.locator('td[data-column="service"]').allTextContents();
    await expect
      .poll(async () => {
        const shown = await services();
        return shown.length > 0 && shown.every((s) => s === service);
      })
      .toBe(true);
    await page.getByRole('button', { name: /Remove filter/ }).click();

    const word = desc[0].split(' ')[0];
    await page.getByRole('searchbox', { name: /Search/ }).fill(word);
    await expect
      .poll(async () => {
        const found = await names(page);
        return found.length > 0 && found.every((n) => n.toLowerCase().includes(word.toLowerCase()));
      })
      .toBe(true);
    // A search that matches nothing says so and clears back to every campaign.
    await page.getByRole('searchbox', { name: /Search/ }).fill('Zzqx');
    await page.getByText('No campaigns match “Zzqx”').waitFor();
    await shots(page, 'campaigns-no-match');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(async () => (await names(page)).length).toBe(first.length);

    const expand = page.getByRole('button', { name: /^Show providers of / }).first();
    await expand.click();
    const providers = page.getByRole('list', { name: 'Providers' });
    await providers.locator('li').first().waitFor();
    expect(await providers.locator('li').count()).toBeGreaterThan(0);
    await shots(page, 'campaigns-expanded');
    await context.close();
  });

  it('pauses for 12 hours: Pending, cleared live, "Paused until" on row and drawer, Resume now; a pause ends by itself', async () => {
    const { api, rows } = await ownerRows(e2e);
    const zone = ((await (await api.call('GET', '/user/settings')).json()) as { time_zone: string })
      .time_zone;
    const { context, page } = await e2e.newPage();
    await openCampaigns(e2e, page, 'owner@demo.test');
    const target = rows.find(switchable) as Row;
    const row = rowOf(page, target.id);
    await row.getByRole('switch').click();
    const modal = page.getByRole('dialog', { name: 'Pause campaign' });
    expect(await modal.getByLabel('3 hours').isChecked()).toBe(true);
    await modal.getByLabel('12 hours').check();
    await modal.getByRole('button', { name: 'Pause' }).click();
    await row.getByText('Pending', { exact: true }).waitFor();
    expect(await row.getByRole('switch').isDisabled()).toBe(true);
    // Focus stays where the work is (issue 51 item 5): back on the switch, not on the page's body.
    await expect
      .poll(() => row.getByRole('switch').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.getByText('Campaign paused successfully').waitFor();
    // The platforms confirm a few seconds later: the live switch_status clears 'Pending'.
    await row.getByText('Pending', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(await row.getByRole('switch').isDisabled()).toBe(false);

    // Until when, in the account's zone, on the row and in the drawer.
    const paused = (await ownerRows(e2e)).rows.find((r) => r.id === target.id) as Row;
    const until = `Paused until ${formatPauseEnd(paused.status.paused_until as string, zone)}`;
    expect(Date.parse(paused.status.paused_until as string) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    await row.getByText(until, { exact: true }).waitFor();
    await shots(page, 'campaign-paused-row');
    await row.locator('.campaigns-table__name').click();
    const drawer = page.getByRole('dialog', { name: `Campaign ${nameOf(target)}` });
    await drawer.getByText(until, { exact: true }).waitFor();
    await shots(page, 'campaign-paused-drawer');

    // Resume now: the queued activation, Pending until confirmed, then active without an end.
    // From the keyboard: Resume now goes while its change waits, and focus moves to the switch.
    await drawer.getByRole('button', { name: /^Resume now/ }).focus();
    await page.keyboard.press('Enter');
    await drawer.getByText('Pending', { exact: true }).waitFor();
    await expect
      .poll(() => drawer.getByRole('switch').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.getByText('Campaign activated successfully').waitFor();
    await drawer.getByText('Pending', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await drawer.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(await row.getByText(/^Paused until/).count()).toBe(0);
    const resumed = (await ownerRows(e2e)).rows.find((r) => r.id === target.id) as Row;
    expect([resumed.status.value, resumed.status.paused_until]).toEqual(['active', null]);

    // A pause (3 hours) ends by itself by the server's clock, and the row follows live.
    await row.getByText('Pending', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    await row.getByRole('switch').click();
    const again = page.getByRole('dialog', { name: 'Pause campaign' });
    // The default again, not the 12 hours chosen last time.
    expect(await again.getByLabel('3 hours').isChecked()).toBe(true);
    await again.getByRole('button', { name: 'Pause' }).click();
    await row.getByText(/^Paused until /).waitFor({ timeout: 15_000 });
    await e2e.advanceServerClock(3 * 3_600_000 + 60_000);
    await expect
      .poll(() => row.getByRole('switch').getAttribute('aria-checked'), { timeout: 15_000 })
      .toBe('true');
    await context.close();
  });

  it('drawer: county toggle, targeting labels and Update, schedule save; screenshots of each tab', async () => {
    const { api, rows } = await ownerRows(e2e);
    const { context, page } = await e2e.newPage();
    await openCampaigns(e2e, page, 'owner@demo.test');
    const detailOf = async (id: number) =>
      (await (await api.call('GET', `/campaigns/${id}`)).json()).campaign;
    let chosen: Row | undefined;
    for (const r of rows) {
      const d = await detailOf(r.id);
      if (d.show_schedule && d.trigger_location_status && !d.is_locked) {
        chosen = r;
        break;
      }
    }
    expect(chosen).toBeDefined();
    const campaign = chosen as Row;
    await rowOf(page, campaign.id).locator('.campaigns-table__name').click();
    const drawer = page.getByRole('dialog', { name: `Campaign ${nameOf(campaign)}` });
    await drawer.getByRole('tab', { name: 'Overview' }).waitFor();
    await drawer.getByText('Campaign Info').waitFor();
    await shots(page, 'campaign-drawer-overview');

    await drawer.getByRole('tab', { name: 'Locations' }).click();
    const counties = drawer.locator('li.county');
    await counties.first().waitFor();
    await shots(page, 'campaign-drawer-locations');

    // A county toggle.
    const activeCounty = drawer.getByRole('switch', { name: / active$/ }).first();
    const countyName = ((await activeCounty.getAttribute('aria-label')) ?? '').replace(
      /^County (.*) active$/,
      '$1',
    );
    await activeCounty.click();
    const pause = page.getByRole('dialog', { name: 'Pause county' });
    await pause.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('County paused successfully').waitFor();
    await drawer.getByRole('switch', { name: `County ${countyName} paused` }).waitFor();

    // Targeting: the button's label follows the zips chosen.
    const untargeted = counties.filter({ has: page.getByRole('button', { name: 'Target All' }) }).first();
    if ((await untargeted.count()) > 0) {
      const open = drawer.locator(`li.county[data-county="${await untargeted.getAttribute('data-county')}"]`);
      await open.getByRole('button', { name: /zip codes$/ }).click();
      const boxes = open.getByRole('checkbox');
      const total = await boxes.count();
      await boxes.first().check();
      await open.getByRole('button', { name: total > 1 ? 'Update' : 'Target', exact: true }).waitFor();
      if (total > 1) {
        for (let i = 1; i < total; i += 1) await boxes.nth(i).check();
        await open.getByRole('button', { name: 'Target', exact: true }).waitFor();
        for (let i = 1; i < total; i += 1) await boxes.nth(i).uncheck();
        await open.getByRole('button', { name: 'Update', exact: true }).click();
      } else {
        await open.getByRole('button', { name: 'Target', exact: true }).click();
      }
      await page.getByText('Location has been targeted successfully').waitFor();
      await open.getByRole('button', { name: 'Targeted' }).waitFor();
    }

    // Schedule: on a phone, a preset and 'Copy Monday to weekdays' instead of 14 selects.
    await drawer.getByRole('tab', { name: 'Schedule' }).click();
    await drawer.getByText('Enable call schedule').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    const day = (name: string) => drawer.locator(`[data-day="${name}"]`);
    await drawer.getByRole('button', { name: 'Weekdays 8 AM–6 PM' }).click();
    expect(await day('thursday').getByLabel('Thursday from').inputValue()).toBe('08:00');
    expect(await day('thursday').getByLabel('Thursday to').inputValue()).toBe('18:00');
    expect(await day('sunday').getByLabel('Open').isChecked()).toBe(false);
    await day('monday').getByLabel('Monday from').selectOption('10:30');
    await day('monday').getByLabel('Monday to').selectOption('16:00');
    await drawer.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
    expect(await day('friday').getByLabel('Friday from').inputValue()).toBe('10:30');
    await drawer
      .getByText("Monday's hours copied to Tuesday through Friday. Save to keep these hours.")
      .waitFor();
    await shots(page, 'campaign-drawer-schedule');
    // A start after the end is said before anything is queued, in the server's words.
    await day('wednesday').getByLabel('Wednesday from').selectOption('18:00');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Wednesday: the start must be before the end').waitFor();
    expect(await outboxRows(page)).toHaveLength(0);
    await day('wednesday').getByLabel('Wednesday from').selectOption('10:30');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Call schedule hours has been updated successfully').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    const stored = await (await api.call('GET', `/campaigns/${campaign.id}/schedule`)).json();
    expect(stored.schedule.slice(0, 5).map((d: { from: string; to: string }) => `${d.from}-${d.to}`)).toEqual(
      Array(5).fill('10:30-16:00'),
    );
    expect(stored.schedule[5]).toMatchObject({ is_opened: false });
    await context.close();
  });

  it('creates a campaign in two steps', async () => {
    const { api } = await ownerRows(e2e);
    const before = (await (await api.call('POST', '/campaigns', {})).json()).total_records;
    const { context, page } = await e2e.newPage();
    await openCampaigns(e2e, page, 'owner@demo.test');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Campaign' });
    expect(await modal.getByRole('button', { name: 'Next Step' }).isDisabled()).toBe(true);
    const account = modal.getByLabel('Account');
    await expect.poll(() => account.locator('option').count()).toBeGreaterThan(1);
    await account.selectOption({ index: 1 });
    const service = modal.getByLabel('Service');
    await expect.poll(() => service.locator('option').count()).toBeGreaterThan(1);
    await service.selectOption({ index: 1 });
    await modal.getByRole('button', { name: 'Next Step' }).click();
    expect(await modal.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    const county = modal.locator('.location-picker__county input').first();
    await county.check();
    await shots(page, 'create-campaign-locations');
    await modal.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Campaign has been created successfully.').waitFor();
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await (await api.call('POST', '/campaigns', {})).json()).total_records)
      .toBe(before + 1);
    await context.close();
  });

  it("shows a locked account's drawer with the account manager to call", async () => {
    const { rows } = await ownerRows(e2e, 'multi@demo.test');
    const locked = rows[0];
    await e2e.server.kill();
    const handle = await openDb({ dataDir: `${e2e.server.dataDir}/pglite`, migrate: false });
    await handle.db
      .update(accounts)
      .set({ status: 'locked' })
      .where(eq(accounts.ref_id, locked.account.ref_id));
    await handle.close();
    await e2e.server.restart();
    const { context, page } = await e2e.newPage();
    await openCampaigns(e2e, page, 'multi@demo.test');
    expect(await rowOf(page, locked.id).getByRole('switch').isDisabled()).toBe(true);
    await rowOf(page, locked.id).locator('.campaigns-table__name').click();
    const drawer = page.getByRole('dialog', { name: `Campaign ${nameOf(locked)}` });
    await drawer
      .getByText('This account is locked. Please call your account manager to make changes.')
      .waitFor();
    expect(await drawer.getByRole('switch').isDisabled()).toBe(true);
    await shots(page, 'campaign-drawer-locked');
    await context.close();
  });

  it('a pause queued offline and refused on reconnect (account locked meanwhile) keeps the choice', async () => {
    const { rows } = await ownerRows(e2e, 'multi@demo.test');
    const target = rows.filter(switchable).at(-1) as Row;
    const { context, page } = await e2e.newPage();
    await openCampaigns(e2e, page, 'multi@demo.test');
    const row = rowOf(page, target.id);
    await context.setOffline(true);
    await row.getByRole('switch').click();
    const modal = page.getByRole('dialog', { name: 'Pause campaign' });
    await modal.getByLabel('3 days').check();
    await modal.getByRole('button', { name: 'Pause' }).click();
    await row.getByText('Pending', { exact: true }).waitFor();
    // Meanwhile the provider locks the account.
    await e2e.server.kill();
    const handle = await openDb({ dataDir: `${e2e.server.dataDir}/pglite`, migrate: false });
    await handle.db
      .update(accounts)
      .set({ status: 'locked' })
      .where(eq(accounts.ref_id, target.account.ref_id));
    await handle.close();
    await e2e.server.restart();
    await context.setOffline(false);
    const refusal = row.getByRole('alert');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toContain('Pause for 3 days refused');
    expect(await refusal.textContent()).toContain('This account is locked');
    const [item] = await outboxRows(page);
    expect(item.status).toBe('failed');
    // Made from the status version the row read (contracts/versions.ts).
    expect(item.body).toEqual({
      kind: 'json',
      json: { status: 'paused', pause_duration: 72, based_on_version: expect.any(Number) },
    });
    await context.close();
  });

  it('a pause made offline shows Pending at once and is delivered once on reconnect', async () => {
    const { rows } = await ownerRows(e2e);
    const { context, page } = await e2e.newPage();
    await openCampaigns(e2e, page, 'owner@demo.test');
    // Not the campaign the tests above paused: its own history must hold exactly this pause.
    const target = rows.filter(switchable).at(-1) as Row;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/campaigns/${target.id}/settings/update_status`))
        sent.push(request.method());
    });
    const row = rowOf(page, target.id);
    await context.setOffline(true);
    await row.getByRole('switch').click();
    await page.getByRole('dialog', { name: 'Pause campaign' }).getByLabel('24 hours').check();
    await page.getByRole('dialog', { name: 'Pause campaign' }).getByRole('button', { name: 'Pause' }).click();
    await row.getByText('Pending', { exact: true }).waitFor();
    expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await outboxRows(page)).length).toBe(1);
    await context.setOffline(false);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    await page.getByText('Campaign paused successfully').waitFor();
    const history = await inspectServerDb(e2e.server, (db) =>
      db
        .select()
        .from(campaignStatusHistory)
        .where(
          and(
            eq(campaignStatusHistory.campaign_id, target.id),
            eq(campaignStatusHistory.source, 'user'),
            isNull(campaignStatusHistory.county_id),
            gte(campaignStatusHistory.created_at, started),
          ),
        ),
    );
    expect(history.map((h) => h.pause_duration)).toEqual([24]);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    await context.close();
  });
});
