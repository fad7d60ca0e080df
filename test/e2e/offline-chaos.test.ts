/**
 * The randomized chaos test (issue 25): one server behind the fault proxy (proxy.ts) with a seeded
 * fault function (chaos-faults.ts: pass, refuse 502, drop the answer after the server applied the
 * write, delay), the page's origin being the proxy. A seeded sequence makes every queueable write
 * kind through the real screens (chaos-actions.ts), the logo task with its upload included,
 * interleaved with offline/online toggles, reloads and one server restart. Once the outbox is
 * empty, the server's database must hold each write exactly once: one idempotency record per key,
 * one file per presign, a review applied once, the campaign paused then resumed once, each edited
 * record one version further, the notifications read. It prints its counts.
 *
 * RANDOM_SEED replays a run. PostgreSQL when DATABASE_URL is set, the server's PGlite otherwise.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { createRng } from '../../server/seed/rng';
import { actions, warmDialogs } from './chaos-actions';
import { chaosCheck } from './chaos-check';
import { chaosFaults, writeKind } from './chaos-faults';
import { createPgDatabase, launchBrowser, newPage, startServer, type TestServer } from './harness';
import { dbRows, hasStoredSession, waitForController } from './page-db';
import { startProxy, type TestProxy } from './proxy';
import { screenshotDir, signedInAs } from './screens';
import { apiUser, DEMO_PASSWORD, emit, inspectServerDb, newLead } from './server-api';

const SEED = Number(process.env.RANDOM_SEED ?? 20261125);
const OWNER = 'owner@demo.test';
const failures = join(screenshotDir, '..', 'failures');
type Step = { name: string; kind: string; run: () => Promise<void> };
type Sql = (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;

describe('chaos: every queueable write through faults, offline, reloads and a restart', () => {
  const chaos = chaosFaults(SEED);
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let server: TestServer;
  let proxy: TestProxy;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createPgDatabase();
    [server, browser] = await Promise.all([
      startServer({ RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' }, { databaseUrl: database?.url }),
      launchBrowser(),
    ]);
    proxy = await startProxy([server.url], { faults: chaos.choose });
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.stop();
    await database?.drop();
  });

  it(`applies every write exactly once (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const rng = createRng(SEED);
    const since = new Date();
    const base = proxy.url;
    const owner = await apiUser(server, OWNER);
    const leads = [await newLead(server, OWNER, { lead_type: 'Form' }), await newLead(server, OWNER)];
    const stamp = `Chaos ${SEED} ${Date.now()}`;
    const messages = [1, 2, 3].map((n) => `${stamp} #${n}`);
    for (const message of messages)
      await emit(server, OWNER, { notification: { message, action: 'no_action' } });
    type Campaign = {
      id: number;
      status: { value: string; trigger_status: boolean; pending: boolean; disable: boolean };
      account: { is_locked: boolean };
    };
    const { campaigns } = (await (await owner.call('POST', '/campaigns', { per_page: 100 })).json()) as {
      campaigns: Campaign[];
    };
    const switchable = campaigns.filter(
      (c) =>
        c.status.value === 'active' &&
        c.status.trigger_status &&
        !c.status.pending &&
        !c.status.disable &&
        !c.account.is_locked,
    );
    let scheduled: number | undefined;
    for (const c of campaigns) {
      const detail = (await (await owner.call('GET', `/campaigns/${c.id}`)).json()) as {
        campaign: { show_schedule: boolean; is_locked: boolean };
      };
      if (detail.campaign.show_schedule && !detail.campaign.is_locked && c.id !== switchable[0]?.id) {
        scheduled = c.id;
        break;
      }
    }
    expect(switchable.length).toBeGreaterThan(0);
    expect(scheduled).toBeDefined();
    const paused = switchable[0].id;

    // Signed in and every screen opened once online, faults off: the device holds what it needs.
    chaos.setEnabled(false);
    const { context, page } = await newPage(browser, 1280, 900);
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(OWNER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/**');
    await expect.poll(() => hasStoredSession(page), { timeout: 15_000 }).toBe(true);
    const ad = page.getByRole('button', { name: 'Not now' });
    if (await ad.isVisible().catch(() => false)) await ad.click();
    await signedInAs(page, 'Maria Alvarez');
    await waitForController(page);
    const screens: [string, string][] = [
      ...leads.map((lead): [string, string] => [
        `/dashboard/leads?id=${lead.id}`,
        'button:has-text("Request Review")',
      ]),
      ['/dashboard/leads', '.data-table__row'],
      ['/dashboard/campaigns', 'tr.campaigns-table__row'],
      ['/dashboard/account-settings/profile', 'section.settings-card'],
      ['/dashboard/account-settings/linked-accounts', 'article'],
      ['/dashboard/overview', '.activity-row'],
    ];
    for (const [path, shown] of screens) {
      await page.goto(`${base}${path}`);
      await signedInAs(page, 'Maria Alvarez');
      await page.locator(shown).first().waitFor();
    }
    await warmDialogs(page, base, scheduled as number);
    chaos.setEnabled(true);

    let offline = false;
    const setOffline = async (on: boolean) => {
      offline = on;
      await context.setOffline(on);
    };
    const writes: Step[] = [
      ...leads.map((lead) => ({
        name: `review lead ${lead.id}`,
        kind: 'lead review',
        run: () => actions.review(page, base, lead.id),
      })),
      {
        name: 'pause campaign',
        kind: 'campaign status',
        run: () => actions.campaignStatus(page, base, paused, 'paused'),
      },
      {
        name: 'schedule',
        kind: 'campaign schedule',
        run: () => actions.schedule(page, base, scheduled as number, '09:30'),
      },
      {
        name: 'profile',
        kind: 'profile details',
        run: () => actions.profile(page, base, `Chaos role ${SEED}`),
      },
      {
        name: 'paid media',
        kind: 'paid media',
        run: () => actions.paidMedia(page, base, `Chaos area ${SEED}`),
      },
      {
        name: 'linked account',
        kind: 'linked account settings',
        run: () => actions.linkedSettings(page, base, '5125550177'),
      },
      ...messages.slice(0, 2).map((m) => ({
        name: `read ${m}`,
        kind: 'notification read',
        run: () => actions.readNotification(page, base, m),
      })),
      { name: 'logo task', kind: 'logo task', run: () => actions.logo(page, base) },
      {
        name: 'service area',
        kind: 'service area task',
        run: () => actions.serviceArea(page, base, `Chaos area ${SEED}`),
      },
      { name: 'table columns', kind: 'table config', run: () => actions.tableColumns(page, base) },
      {
        name: 'delete saved filter',
        kind: 'saved filter',
        run: () => actions.deleteSavedFilter(page, base, 'Calls only'),
      },
    ];
    // Seeded order; read-all after the single reads, the resume after the pause (it needs the
    // platforms' confirmation of the pause, so it is made online).
    const order = writes
      .map((step) => ({ step, at: rng.next() }))
      .sort((a, b) => a.at - b.at)
      .map((e) => e.step);
    order.push(
      { name: 'read all', kind: 'notifications read-all', run: () => actions.readAll(page, base) },
      {
        name: 'resume campaign',
        kind: 'campaign status',
        run: async () => {
          await setOffline(false);
          // The switch offers Activate while the pause still waits in the outbox, and the server
          // refuses an activation while the pause is unconfirmed (reported, not changed here): the
          // resume is made once the server holds the pause, confirmed.
          await expect.poll(() => queued(page, 'campaign status'), { timeout: 120_000 }).toBe(0);
          await expect
            .poll(
              async () => {
                const res = await owner.call('POST', '/campaigns', { per_page: 100 });
                const list = (await res.json()) as { campaigns: Campaign[] };
                const row = list.campaigns.find((c) => c.id === paused);
                return `${row?.status.value} ${row?.status.pending}`;
              },
              { timeout: 60_000 },
            )
            .toBe('paused false');
          await actions.campaignStatus(page, base, paused, 'active');
        },
      },
    );
    const restartAt = rng.int(2, order.length - 3);
    const made = new Map<string, number>();
    const events = { offline: 0, online: 0, reloads: 0, restarts: 0 };

    for (const [index, step] of order.entries()) {
      const seenBefore = chaos.deliveries.filter((d) => d.kind === step.kind).length;
      const queuedBefore = await queued(page, step.kind);
      await step.run().catch(async (error: unknown) => {
        mkdirSync(failures, { recursive: true });
        await page.screenshot({
          path: join(failures, `offline-chaos-${step.name.replace(/\W+/g, '_')}.png`),
        });
        throw error;
      });
      // On the device (queued) or on its way: a reload or restart from now on must not lose it.
      await expect
        .poll(
          async () =>
            chaos.deliveries.filter((d) => d.kind === step.kind).length > seenBefore ||
            (await queued(page, step.kind)) > queuedBefore,
          { timeout: 20_000 },
        )
        .toBe(true);
      made.set(step.kind, (made.get(step.kind) ?? 0) + 1);
      if (index === restartAt) {
        await server.kill();
        await server.restart();
        events.restarts += 1;
      }
      const roll = rng.next();
      if (roll < 0.4) {
        await setOffline(!offline);
        events[offline ? 'offline' : 'online'] += 1;
      } else if (roll < 0.6) {
        await page.reload();
        await signedInAs(page, 'Maria Alvarez');
        events.reloads += 1;
      }
    }

    await setOffline(false);
    await expect
      .poll(
        async () =>
          (await dbRows<{ status: string; label: string; error: string | null }>(page, 'outbox')).map(
            (r) => `${r.label}: ${r.status} ${r.error ?? ''}`,
          ),
        { timeout: 180_000 },
      )
      .toEqual([]);
    await context.close();

    const read: (check: (query: Sql) => Promise<void>) => Promise<void> = async (check) => {
      if (database) {
        const handle = await openDb({ databaseUrl: database.url, migrate: false });
        try {
          await check(
            async (q) =>
              ((await handle.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows,
          );
        } finally {
          await handle.close();
        }
      } else
        await inspectServerDb(server, (db) =>
          check(async (q) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows),
        );
    };
    const summary = await chaosCheck(read, {
      userId: owner.userId,
      deliveries: chaos.deliveries,
      leadIds: leads.map((lead) => lead.id),
      pausedCampaign: paused,
      scheduledCampaign: scheduled as number,
      readMessages: messages,
      areaTitle: `Chaos area ${SEED}`,
      since,
    });

    const counts = chaos.counts();
    const lines = [...counts.entries()].map(
      ([kind, c]) =>
        `  ${kind}: ${made.get(kind) ?? 0} made, ${c.keys.size} keys, ${c.deliveries} deliveries, faults ${JSON.stringify(c.faults)}`,
    );
    console.log(
      `chaos seed ${SEED}: ${order.length} writes, ${events.offline} offline / ${events.online} online toggles, ` +
        `${events.reloads} reloads, ${events.restarts} restart(s); proxy ${proxy.counters.requests} requests ` +
        `(${proxy.counters.refused} refused, ${proxy.counters.dropped} dropped, ${proxy.counters.delayed} delayed, ` +
        `${proxy.counters.upstreamErrors} upstream errors)\n${lines.join('\n')}\n  database: ${summary}`,
    );
  });
});

/** How many outbox items of a write kind the page holds. */
async function queued(page: Page, kind: string): Promise<number> {
  const rows = await dbRows<{ method: string; url: string }>(page, 'outbox');
  return rows.filter((row) => writeKind(row.method, `/api/v1${row.url}`) === kind).length;
}
