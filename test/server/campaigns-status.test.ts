/**
 * Pausing and activating campaigns and counties: the change and its history, exactly once with an
 * Idempotency-Key, pending until the sweep confirms it with a live switch_status, and the
 * automatic resume when a timed pause ends, through a job the pause enqueued (time moved by the
 * server clock, not waited for).
 * Refusals: unknown or missing duration, same status, pending, no trigger flags, foreign ids.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCounties, campaignStatusHistory, campaigns } from '../../server/db/schema/campaigns';
import { users } from '../../server/db/schema/identity';
import { jobs } from '../../server/db/schema/jobs';
import { accounts, liveMessages } from '../../server/db/schema/shell';
import {
  CAMPAIGN_SWEEP_JOB,
  CONFIRM_MS,
  sweepCampaigns,
} from '../../server/domain/campaigns/campaigns-sweep';
import { advanceClock, now, resetClock } from '../../server/lib/clock';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

const HOUR = 3_600_000;

describe.each(dbKinds)('campaign status on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let franchise: Session;
  let ownerOrg: number;

  const post = async (s: Session, url: string, payload: unknown, key?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...s.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as never,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ownerCampaigns = async () =>
    (
      await t.db
        .select({ c: campaigns, platform: accounts.platform })
        .from(campaigns)
        .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
        .where(eq(accounts.organization_id, ownerOrg))
        .orderBy(asc(campaigns.id))
    ).map((r) => ({ ...r.c, platform: r.platform }));
  const fresh = async (id: number) => (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
  const switchMessages = async (campaignId: number) =>
    (await t.db.select().from(liveMessages)).filter(
      (m) => m.payload.message_type === 'switch_status' && m.payload.id === campaignId,
    );
  const sweep = (at: Date) => sweepCampaigns({ db: t.db, live: t.app.live }, at);

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    ownerOrg = user.organization_id;
    await sweep(now()); // the seed's pending changes are confirmed first
  });
  // Time only moves forward (as in production): reset once, at the end.
  afterAll(async () => {
    resetClock();
    await t?.close();
  });

  it('pauses for the chosen hours, pending until confirmed live, then resumes by itself', async () => {
    const c = (await ownerCampaigns()).find((x) => x.trigger_status && x.status === 'active' && !x.pending)!;
    const url = `/${c.platform}/campaigns/${c.id}/settings/update_status`;
    const before = now().getTime();
    const key = `pause-${c.id}-abcdef`;
    const res = await post(owner, url, { status: 'paused', pause_duration: 12 }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Campaign paused successfully');
    expect(res.body.status).toMatchObject({ value: 'paused', pending: true, placeholder: 'Pending' });
    const until = Date.parse(res.body.status.paused_until);
    expect(until - before).toBeGreaterThanOrEqual(12 * HOUR);
    expect(until - before).toBeLessThan(12 * HOUR + 60_000);
    // The outbox replays the same request: answered again, applied once.
    const replay = await post(owner, url, { status: 'paused', pause_duration: 12 }, key);
    expect(replay.status).toBe(200);
    const history = await t.db
      .select()
      .from(campaignStatusHistory)
      .where(and(eq(campaignStatusHistory.campaign_id, c.id), isNull(campaignStatusHistory.county_id)));
    const mine = history.filter((h) => h.source === 'user' && h.created_at.getTime() >= before - 1_000);
    expect(mine).toHaveLength(1);
    expect(mine[0].user_id).toBe(owner.user_id);
    // While pending, nothing else may change it.
    expect((await post(owner, url, { status: 'active' })).status).toBe(422);

    // Not yet confirmed just after; confirmed CONFIRM_MS later, with a live switch_status.
    await sweep(new Date(before + 100));
    expect((await fresh(c.id)).pending).toBe(true);
    const confirmed = await sweep(new Date(before + CONFIRM_MS + 2_000));
    expect(confirmed.confirmed).toBeGreaterThanOrEqual(1);
    expect((await fresh(c.id)).pending).toBe(false);
    const announced = await switchMessages(c.id);
    expect(announced.at(-1)?.payload).toMatchObject({
      object: 'Campaign',
      status: 'paused',
      level: null,
    });

    // 12 hours later (by the server clock) it is active again, announced once, history 'system'.
    advanceClock(12 * HOUR + 5_000);
    // The pause asked the job queue for a sweep when it ends (and one to confirm it).
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, CAMPAIGN_SWEEP_JOB));
    expect(queued.some((j) => j.run_at.getTime() === until)).toBe(true);
    // Sweeps at once (the app's own worker may run that job too): the resume happens once.
    const passes = await Promise.all([sweep(now()), sweep(now())]);
    expect(passes.reduce((n, p) => n + p.resumed, 0)).toBeGreaterThanOrEqual(1);
    const resumed = await fresh(c.id);
    expect([resumed.status, resumed.paused_until, resumed.pending]).toEqual(['active', null, false]);
    const actives = (await switchMessages(c.id)).filter((m) => m.payload.status === 'active');
    const members = await t.db.select().from(users).where(eq(users.organization_id, ownerOrg));
    expect(actives).toHaveLength(members.length);
    const system = await t.db
      .select()
      .from(campaignStatusHistory)
      .where(and(eq(campaignStatusHistory.campaign_id, c.id), eq(campaignStatusHistory.source, 'system')));
    expect(system.filter((h) => h.created_at.getTime() >= before)).toHaveLength(1);
  });

  it('activates a paused campaign (no duration needed)', async () => {
    const c = (await ownerCampaigns()).find((x) => x.trigger_status && x.status === 'active' && !x.pending)!;
    const url = `/${c.platform}/campaigns/${c.id}/settings/update_status`;
    await t.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, c.id));
    const res = await post(owner, url, { status: 'active' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Campaign activated successfully');
    expect((await fresh(c.id)).status).toBe('active');
    await sweep(new Date(now().getTime() + CONFIRM_MS + 1_000));
    expect((await fresh(c.id)).pending).toBe(false);
  });

  it('refuses bad input and foreign or locked-down campaigns with 4xx', async () => {
    const list = await ownerCampaigns();
    const c = list.find((x) => x.trigger_status && x.status === 'active' && !x.pending)!;
    const url = `/${c.platform}/campaigns/${c.id}/settings/update_status`;
    expect((await post(owner, url, { status: 'paused', pause_duration: 5 })).status).toBe(422);
    const missing = await post(owner, url, { status: 'paused' });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain('pause_duration');
    expect((await post(owner, url, { status: 'active' })).status).toBe(422); // already active
    expect((await post(owner, url, { status: 'stopped' })).status).toBe(422);
    expect((await post(owner, url, {})).status).toBe(422);
    expect((await post(franchise, url, { status: 'paused', pause_duration: 3 })).status).toBe(404);
    expect(
      (
        await post(owner, `/other/campaigns/${c.id}/settings/update_status`, {
          status: 'paused',
          pause_duration: 3,
        })
      ).status,
    ).toBe(404);
    const noTrigger = list.find((x) => !x.trigger_status);
    if (noTrigger) {
      const res = await post(
        owner,
        `/${noTrigger.platform}/campaigns/${noTrigger.id}/settings/update_status`,
        {
          status: noTrigger.status === 'active' ? 'paused' : 'active',
          pause_duration: 3,
        },
      );
      expect(res.status).toBe(422);
    }
    await t.db.update(campaigns).set({ disable: true }).where(eq(campaigns.id, c.id));
    expect((await post(owner, url, { status: 'paused', pause_duration: 3 })).status).toBe(422);
    await t.db.update(campaigns).set({ disable: false }).where(eq(campaigns.id, c.id));
    expect((await fresh(c.id)).status).toBe('active');
  });

  it('pauses a county for a duration and resumes it; refuses without trigger_location_status', async () => {
    const list = await ownerCampaigns();
    const c = list.find((x) => x.trigger_location_status)!;
    const [county] = await t.db
      .select()
      .from(campaignCounties)
      .where(and(eq(campaignCounties.campaign_id, c.id), eq(campaignCounties.status, 'active')));
    const url = `/${c.platform}/campaigns/${c.id}/settings/location_status`;
    const res = await post(owner, url, { status: 'paused', locations: [county.id], pause_duration: 72 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('County paused successfully');
    expect(res.body.locations[0]).toMatchObject({ id: county.id, status: 'paused', pending: true });
    const at = now().getTime();
    await sweep(new Date(at + CONFIRM_MS + 1_000));
    const [confirmed] = await t.db.select().from(campaignCounties).where(eq(campaignCounties.id, county.id));
    expect(confirmed.pending).toBe(false);
    await sweep(new Date(at + 72 * HOUR + 1_000));
    const [back] = await t.db.select().from(campaignCounties).where(eq(campaignCounties.id, county.id));
    expect([back.status, back.paused_until]).toEqual(['active', null]);
    const messages = (await switchMessages(c.id)).filter((m) => m.payload.county_id === county.id);
    expect(messages.map((m) => m.payload.status)).toContain('active');

    expect(
      (await post(owner, url, { status: 'paused', locations: [county.id], pause_duration: 4 })).status,
    ).toBe(422);
    expect((await post(owner, url, { status: 'paused', locations: [], pause_duration: 3 })).status).toBe(422);
    expect(
      (await post(owner, url, { status: 'paused', locations: [999999], pause_duration: 3 })).status,
    ).toBe(422);
    expect(
      (await post(franchise, url, { status: 'paused', locations: [county.id], pause_duration: 3 })).status,
    ).toBe(404);
    const noCounty = list.find((x) => !x.trigger_location_status);
    if (noCounty) {
      const res2 = await post(
        owner,
        `/${noCounty.platform}/campaigns/${noCounty.id}/settings/location_status`,
        {
          status: 'paused',
          locations: [county.id],
          pause_duration: 3,
        },
      );
      expect(res2.status).toBe(422);
    }
  });
});
