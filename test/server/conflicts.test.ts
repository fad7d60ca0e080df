/**
 * Versions of edited records (server/lib/versions.ts), per record kind: a lead's review, a
 * campaign's status and call schedule, Profile Details, Paid Media / Ad Details and a linked
 * account's settings. For each: the read carries the version; a write made from it applies and
 * raises it; a write made from an older one is a 409 carrying the record's version and value now
 * (in the body's shape) and changes nothing; a write without a version (an older client) applies
 * as before; and the outbox's replay of an applied write (same Idempotency-Key) answers its stored
 * response even though the version has moved since.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../server/db/schema/campaigns';
import { users } from '../../server/db/schema/identity';
import { leadReviews } from '../../server/db/schema/leads';
import { accounts } from '../../server/db/schema/shell';
import { CONFLICT_MESSAGE, ConflictAnswer } from '../../src/api/contracts/versions';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

type Kind = {
  name: string;
  /** The record's version as the screen's read answers it (`path`: the write's). */
  version: (path: string) => Promise<number>;
  /** The write's path, with its method. */
  method: 'POST' | 'PUT';
  path: () => Promise<string>;
  /** Two different valid changes (the first is applied by "another device"). */
  changes: [Record<string, unknown>, Record<string, unknown>];
  /** The record's value now, as the 409 states it, after `change` was applied. */
  expectCurrent: (change: Record<string, unknown>) => Record<string, unknown>;
};

describe.each(dbKinds)('conflicting edits on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let multi: Session;
  let ownerOrg: number;

  const send = (s: Session, method: string, url: string, payload?: unknown, idempotencyKey?: string) =>
    t.app.inject({
      method: method as 'POST',
      url: `/api/v1${url}`,
      headers: { ...s.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: payload as never,
    });
  const read = async (s: Session, method: string, url: string, payload?: unknown) => {
    const res = await send(s, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const newKey = () => `conflict-test-${randomUUID()}`;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    multi = await signIn(t, 'multi@demo.test');
    [{ organization_id: ownerOrg }] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    for (const k of kinds) paths[k.name] = await k.path();
  });
  afterAll(() => t?.close());

  let leadId = 0;
  const paths: Record<string, string> = {};
  // Campaign writes name the campaign in their path; its reads are the drawer and the schedule tab.
  const campaignIdOf = (path: string) => Number(path.split('/')[3]);
  const ownerCampaign = async (where: (c: typeof campaigns.$inferSelect) => boolean) => {
    const rows = await t.db
      .select({ c: campaigns, platform: accounts.platform })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
      .where(and(eq(accounts.organization_id, ownerOrg), eq(campaigns.disable, false)));
    const found = rows.find((r) => where(r.c));
    if (!found) throw new Error('no such campaign in the seed');
    return { ...found.c, platform: found.platform };
  };
  const scheduleDays = (open: boolean) =>
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day, weekday) => ({
      weekday,
      day,
      is_opened: open && weekday < 5,
      is_24_hours: false,
      from: open && weekday < 5 ? '08:00' : null,
      to: open && weekday < 5 ? '17:30' : null,
    }));
  const profile = (first: string) => ({
    first_name: first,
    last_name: 'Reyes',
    business_name: 'Reyes Heating & Air',
    job_title: 'Owner',
    phone_number: '5125550147',
    address: '12 Main St, Austin, TX 78701',
    time_zone: 'ct',
  });
  const paidMedia = (area: string) => ({
    categories: ['hvac'],
    website: 'reyes-air.example',
    destination_phone: '5125550100',
    sms_phone: '',
    service_area: area,
    email_notification: 'leads@reyes-air.example',
  });
  const multiAccount = async () => (await read(multi, 'POST', '/client/accounts/summary')).accounts[0];

  const kinds: Kind[] = [
    {
      name: 'lead review',
      method: 'POST',
      path: async () => {
        if (!leadId) {
          const res = await send(owner, 'POST', '/dev/leads', { email: 'owner@demo.test' });
          leadId = res.json().lead.id;
        }
        return `/leads/${leadId}/review`;
      },
      version: async () => (await read(owner, 'GET', `/leads/${leadId}`)).lead.review_version,
      changes: [
        { review_type: 'wrong_number', note: 'Another device said this was a wrong number.' },
        { review_type: 'duplicate', note: 'This caller already called us yesterday.' },
      ],
      expectCurrent: (change) => change,
    },
    {
      name: 'campaign status',
      method: 'POST',
      path: async () => {
        const c = await ownerCampaign((x) => x.trigger_status && x.status === 'active' && !x.pending);
        return `/${c.platform}/campaigns/${c.id}/settings/update_status`;
      },
      version: async (path) =>
        (await read(owner, 'GET', `/campaigns/${campaignIdOf(path)}`)).campaign.campaign_status.version,
      changes: [
        { status: 'paused', pause_duration: 3 },
        { status: 'paused', pause_duration: 12 },
      ],
      expectCurrent: () => ({ status: 'paused' }),
    },
    {
      name: 'call schedule',
      method: 'POST',
      path: async () => {
        const c = await ownerCampaign((x) => x.show_schedule);
        return `/${c.product}/campaigns/${c.id}/settings/update_schedule`;
      },
      version: async (path) =>
        (await read(owner, 'GET', `/campaigns/${campaignIdOf(path)}/schedule`)).version,
      changes: [
        { enable_call_schedule: true, schedule: scheduleDays(true) },
        { enable_call_schedule: false, schedule: scheduleDays(false) },
      ],
      expectCurrent: (change) => change,
    },
    {
      name: 'Profile Details',
      method: 'PUT',
      path: async () => '/client',
      version: async () => (await read(owner, 'GET', '/client')).business_profile.version,
      changes: [profile('Dana'), profile('Morgan')],
      expectCurrent: (change) => change,
    },
    {
      name: 'Paid Media / Ad Details',
      method: 'POST',
      path: async () => '/client/profile',
      version: async () => (await read(owner, 'GET', '/client/profile')).profile.version,
      changes: [paidMedia('Austin'), paidMedia('Round Rock')],
      expectCurrent: (change) => change,
    },
    {
      name: 'linked account settings',
      method: 'POST',
      path: async () => `/client/accounts/${(await multiAccount()).ref_id}/settings`,
      version: async () => (await multiAccount()).settings_version,
      changes: [{ destination_phone: '5125550111' }, { destination_phone: '5125550122' }],
      expectCurrent: (change) => ({ destination_phone: change.destination_phone }),
    },
  ];
  const versionOf = (k: Kind) => k.version(paths[k.name]);
  const sessionOf = (k: Kind) => (k.name === 'linked account settings' ? multi : owner);
  /** A paused campaign must be active again before the next change (and not pending). */
  const settle = async (k: Kind) => {
    if (k.name !== 'campaign status') return;
    await t.db
      .update(campaigns)
      .set({ status: 'active', pending: false, pending_status: null, paused_until: null })
      .where(eq(campaigns.id, campaignIdOf(paths[k.name])));
  };

  it.each(kinds.map((k) => [k.name, k] as const))(
    '%s: a stale version is a 409 with the record now',
    async (_, k) => {
      const s = sessionOf(k);
      const path = paths[k.name];
      const base = await versionOf(k);
      expect(typeof base).toBe('number');

      // "Another device" saves from the same version: applied, the version moves on.
      const theirs = await send(s, k.method, path, { ...k.changes[0], based_on_version: base }, newKey());
      expect(theirs.statusCode, theirs.body).toBe(200);
      const after = await versionOf(k);
      expect(after).toBe(base + 1);
      await settle(k);
      const settled = await versionOf(k);

      // This device's change, made from the old version: refused, with the record now.
      const mine = { ...k.changes[1], based_on_version: base };
      const stale = await send(s, k.method, path, mine, newKey());
      expect(stale.statusCode, stale.body).toBe(409);
      const answer = stale.json();
      expect(is(answer, ConflictAnswer), stale.body).toBe(true);
      expect(answer.errors).toBe(CONFLICT_MESSAGE);
      expect(answer.conflict.version).toBe(settled);
      if (k.name !== 'campaign status')
        expect(answer.conflict.current).toMatchObject(k.expectCurrent(k.changes[0]));
      expect(await versionOf(k)).toBe(settled);

      // "Keep mine": the same change on the version the conflict named applies.
      const kept = await send(
        s,
        k.method,
        path,
        { ...mine, based_on_version: answer.conflict.version },
        newKey(),
      );
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await versionOf(k)).toBe(settled + 1);
      await settle(k);

      // An older client sends no version: applied as before.
      const old = await send(s, k.method, path, k.changes[0], newKey());
      expect(old.statusCode, old.body).toBe(200);
      await settle(k);
    },
  );

  it.each(kinds.map((k) => [k.name, k] as const))(
    '%s: a replay of an applied write answers its stored response, not a 409',
    async (_, k) => {
      const s = sessionOf(k);
      const path = paths[k.name];
      const base = await versionOf(k);
      const idempotencyKey = newKey();
      const body = { ...k.changes[1], based_on_version: base };
      const first = await send(s, k.method, path, body, idempotencyKey);
      expect(first.statusCode, first.body).toBe(200);
      await settle(k);
      // The answer was lost on the way; the outbox sends the same request again.
      const replay = await send(s, k.method, path, body, idempotencyKey);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      await settle(k);
    },
  );

  it('a first review made while another device reviewed the lead meanwhile is a conflict', async () => {
    const res = await send(owner, 'POST', '/dev/leads', { email: 'owner@demo.test' });
    const id = res.json().lead.id as number;
    expect((await read(owner, 'GET', `/leads/${id}`)).lead.review_version).toBe(0);
    const body = { review_type: 'wrong_number', note: 'Reviewed first on the phone.' };
    const [a, b] = await Promise.all([
      send(owner, 'POST', `/leads/${id}/review`, { ...body, based_on_version: 0 }, newKey()),
      send(
        owner,
        'POST',
        `/leads/${id}/review`,
        { ...body, note: 'Reviewed on the laptop.', based_on_version: 0 },
        newKey(),
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(leadReviews).where(eq(leadReviews.lead_id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].version).toBe(1);
  });

  it('a timed pause ending raises the status version, so a change made before it is a conflict', async () => {
    const c = await ownerCampaign((x) => x.trigger_status && x.status === 'active' && !x.pending);
    const [before] = await t.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    await t.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, c.id));
    await t.db.update(campaigns).set({ pending: false }).where(eq(campaigns.id, c.id));
    await t.db.update(campaigns).set({ status: 'active', paused_until: null }).where(eq(campaigns.id, c.id));
    const [after] = await t.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(after.status_version).toBe(before.status_version + 2);
    const res = await send(owner, 'POST', `/${c.platform}/campaigns/${c.id}/settings/update_status`, {
      status: 'paused',
      pause_duration: 3,
      based_on_version: before.status_version,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().conflict).toEqual({ version: after.status_version, current: { status: 'active' } });
  });

  it('refuses a version that is not a whole number with a 422', async () => {
    const res = await send(owner, 'PUT', '/client', { ...profile('Dana'), based_on_version: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('based_on_version');
    const negative = await send(owner, 'PUT', '/client', { ...profile('Dana'), based_on_version: -1 });
    expect(negative.statusCode).toBe(422);
  });
});
