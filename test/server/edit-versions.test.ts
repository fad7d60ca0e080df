/**
 * Versions of the edited records that conflicts.test.ts does not cover: a county's status and its
 * zip targeting (the campaign drawer's Locations tab), the business, service and company details
 * (task modals and the profile tab), and the logo (uploads and removal). For each: the read carries the version; a write made
 * from it applies and raises it; a write made from an older one is a 409 with the record's version
 * and value now (in the body's shape) and changes nothing; no version (an older client) applies as
 * before; an outbox replay of an applied write (same Idempotency-Key) answers its stored response.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDetails } from '../../server/db/schema/activity-records';
import { campaignCounties, campaigns } from '../../server/db/schema/campaigns';
import { users } from '../../server/db/schema/identity';
import { accounts } from '../../server/db/schema/shell';
import { isLockedStatus } from '../../server/domain/campaigns/campaigns-list';
import { CONFLICT_MESSAGE, ConflictAnswer } from '../../src/api/contracts/versions';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { presign, put } from './uploads-helpers';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(40, 3),
]);

type Body = Record<string, unknown>;
type Kind = {
  name: string;
  /** The write's path (a POST). */
  path: () => Promise<string>;
  /** The record's version as the screen's read answers it. */
  version: () => Promise<number>;
  /** Two different valid changes (the first is applied by "another device"). */
  changes: () => [Body, Body];
  /** The record's value now, as the 409 states it, after `change` was applied (and settled). */
  expectCurrent: (change: Body) => Body;
  /** Puts the record back where the next change can apply (a paused county active again). */
  settle?: () => Promise<void>;
};

describe.each(dbKinds)('edit versions on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let ownerOrg: number;

  const send = (url: string, payload: unknown, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...owner.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: payload as never,
    });
  const read = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const newKey = () => `edit-version-test-${randomUUID()}`;

  /** A changeable campaign of the owner's and a county of its first locations page. */
  let campaign: { id: number; platform: string };
  let county: { id: number; zips: string[] };
  const locationOf = async () => {
    const page = await read(`/campaigns/${campaign.id}/locations`);
    return page.locations.find((l: { id: number }) => l.id === county.id);
  };

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    [{ organization_id: ownerOrg }] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    const rows = await t.db
      .select({ c: campaigns, platform: accounts.platform, status: accounts.status })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
      .where(and(eq(accounts.organization_id, ownerOrg), eq(campaigns.disable, false)));
    const found = rows.find((r) => r.c.trigger_location_status && !isLockedStatus(r.status));
    if (!found) throw new Error('no changeable campaign with county switches in the seed');
    campaign = { id: found.c.id, platform: found.platform };
    const page = await read(`/campaigns/${campaign.id}/locations`);
    const chosen = page.locations.find(
      (l: { status: string; pending: boolean; zipcodes: unknown[] }) =>
        l.status === 'active' && !l.pending && l.zipcodes.length >= 2,
    );
    if (!chosen) throw new Error('no active county with two zips on the first page');
    county = { id: chosen.id, zips: chosen.zipcodes.map((z: { zipcode: string }) => z.zipcode).sort() };
  });
  afterAll(() => t?.close());

  const company = (quote: string) => ({
    step: '1',
    company_quote: quote,
    first_name: 'Dana',
    last_name: 'Reyes',
    title: 'Owner',
    business_address: '12 Main St, Austin, TX 78701',
  });
  const service = (offered: string) => ({
    step: 'full_form',
    product: 'Heat pumps',
    job_requirement: 'A site visit first',
    estimate_fee: 'no',
    services_offered: offered,
    services_not_offered: 'Pools',
  });

  const kinds: Kind[] = [
    {
      name: 'county status',
      path: async () => `/${campaign.platform}/campaigns/${campaign.id}/settings/location_status`,
      version: async () => (await locationOf()).status_version,
      changes: () => [
        { status: 'paused', pause_duration: 3, locations: [county.id] },
        { status: 'paused', pause_duration: 12, locations: [county.id] },
      ],
      // Settled: active again before this device's stale pause is sent.
      expectCurrent: () => ({ status: 'active' }),
      settle: async () => {
        await t.db
          .update(campaignCounties)
          .set({ status: 'active', pending: false, paused_until: null })
          .where(eq(campaignCounties.id, county.id));
      },
    },
    {
      name: 'county targeting',
      path: async () => `/${campaign.platform}/campaigns/${campaign.id}/settings/locations`,
      version: async () => (await locationOf()).target_version,
      changes: () => [{ locations: [county.zips[0]] }, { locations: county.zips }],
      expectCurrent: (change) => ({ locations: change.locations }),
    },
    {
      name: 'business details',
      path: async () => '/activities/business_details',
      version: async () => (await read('/activities/business_details')).business_detail.version,
      changes: () => [
        { special_offers: '10% off for veterans', guarantees: 'Two years', accolades: '' },
        { special_offers: 'Free estimates', guarantees: 'One year', accolades: 'Best of Austin' },
      ],
      expectCurrent: (change) => change,
    },
    {
      name: 'service details',
      path: async () => '/activities/service_details',
      version: async () => (await read('/activities/service_details')).service_detail.version,
      changes: () => [service('Heating and cooling'), service('Duct cleaning')],
      expectCurrent: ({ step: _, ...fields }) => ({ ...fields, estimate_fee_detail: null }),
    },
    {
      name: 'company details',
      path: async () => '/activities/company_details',
      version: async () => (await read('/activities/company_details')).company_detail.version,
      changes: () => [company('We answer on the first ring.'), company('Family run since 1998.')],
      expectCurrent: ({ step: _, ...fields }) => fields,
    },
  ];
  const settle = (k: Kind) => k.settle?.() ?? Promise.resolve();

  it.each(kinds.map((k) => [k.name, k] as const))(
    '%s: a stale version is a 409 with the record now',
    async (_, k) => {
      const path = await k.path();
      const base = await k.version();
      expect(typeof base).toBe('number');

      // "Another device" saves from the same version: applied, the version moves on.
      const theirs = await send(path, { ...k.changes()[0], based_on_version: base }, newKey());
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(await k.version()).toBe(base + 1);
      await settle(k);
      const settled = await k.version();

      // This device's change, made from the old version: refused, with the record now.
      const mine = { ...k.changes()[1], based_on_version: base };
      const stale = await send(path, mine, newKey());
      expect(stale.statusCode, stale.body).toBe(409);
      const answer = stale.json();
      expect(is(answer, ConflictAnswer), stale.body).toBe(true);
      expect(answer.errors).toBe(CONFLICT_MESSAGE);
      expect(answer.conflict).toEqual({ version: settled, current: k.expectCurrent(k.changes()[0]) });
      expect(await k.version()).toBe(settled);

      // "Keep mine": the same change on the version the conflict named applies.
      const kept = await send(path, { ...mine, based_on_version: answer.conflict.version }, newKey());
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await k.version()).toBe(settled + 1);
      await settle(k);

      // An older client sends no version: applied as before (and the version still moves).
      const before = await k.version();
      const old = await send(path, k.changes()[0], newKey());
      expect(old.statusCode, old.body).toBe(200);
      expect(await k.version()).toBe(before + 1);
      await settle(k);
    },
  );

  it.each(kinds.map((k) => [k.name, k] as const))(
    '%s: a replay of an applied write answers its stored response, not a 409',
    async (_, k) => {
      const path = await k.path();
      const base = await k.version();
      const idempotencyKey = newKey();
      const body = { ...k.changes()[1], based_on_version: base };
      const first = await send(path, body, idempotencyKey);
      expect(first.statusCode, first.body).toBe(200);
      await settle(k);
      // The answer was lost on the way; the outbox sends the same request again.
      const replay = await send(path, body, idempotencyKey);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      await settle(k);
    },
  );

  it('a record never saved reads as version 0, and two first saves made from it are judged in turn', async () => {
    await t.db.delete(businessDetails).where(eq(businessDetails.organization_id, ownerOrg));
    expect((await read('/activities/business_details')).business_detail.version).toBe(0);
    const body = { special_offers: 'First', guarantees: '', accolades: '', based_on_version: 0 };
    const [a, b] = await Promise.all([
      send('/activities/business_details', body, newKey()),
      send('/activities/business_details', { ...body, special_offers: 'Second' }, newKey()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = (a.statusCode === 409 ? a : b).json();
    expect(refused.conflict.version).toBe(1);
    expect((await read('/activities/business_details')).business_detail.version).toBe(1);
  });

  it('a timed pause ending raises the county status version, so a change made before it is a conflict', async () => {
    const before = (await locationOf()).status_version as number;
    await t.db.update(campaignCounties).set({ status: 'paused' }).where(eq(campaignCounties.id, county.id));
    await t.db
      .update(campaignCounties)
      .set({ status: 'active', paused_until: null })
      .where(eq(campaignCounties.id, county.id));
    expect((await locationOf()).status_version).toBe(before + 2);
    const path = await kinds[0].path();
    const res = await send(path, { ...kinds[0].changes()[0], based_on_version: before });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().conflict).toEqual({ version: before + 2, current: { status: 'active' } });
  });

  describe('the logo', () => {
    /** A PNG uploaded under `name` (each call its own bytes, so its own file). */
    let uploads = 0;
    const png = async (name: string) => {
      uploads += 1;
      const bytes = Buffer.concat([PNG, Buffer.from([uploads])]);
      const p = await presign(t, owner, bytes, 'image/png', name);
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      expect((await put(t, p.body, bytes)).status).toBe(200);
      return p.body.signed_id;
    };
    const logoVersion = async () => (await read('/client/profile')).profile.logo_version as number;
    const upload = (logo: string, version?: number, key = newKey()) =>
      send(
        '/activities/upload_logo',
        { logo, ...(version === undefined ? {} : { based_on_version: version }) },
        key,
      );
    const remove = (version?: number) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/activities/logo',
        headers: { ...owner.headers, 'idempotency-key': newKey() },
        ...(version === undefined ? {} : { payload: { based_on_version: version } }),
      });

    it('an upload or removal made from a stale version is a 409 with the logo now', async () => {
      const base = await logoVersion();
      expect((await upload(await png('theirs.png'), base)).statusCode).toBe(200);
      expect(await logoVersion()).toBe(base + 1);

      // This device's upload, made from the old version: refused with the other device's file.
      const mine = await png('mine.png');
      const stale = await upload(mine, base);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(is(stale.json(), ConflictAnswer)).toBe(true);
      expect(stale.json().conflict).toEqual({ version: base + 1, current: { logo: 'theirs.png' } });
      expect(await logoVersion()).toBe(base + 1);
      // Keep mine: the same file on the version the conflict named.
      expect((await upload(mine, base + 1)).statusCode).toBe(200);
      expect(await logoVersion()).toBe(base + 2);

      // A removal made before that upload is refused too; made from the version now, it applies.
      const staleRemoval = await remove(base + 1);
      expect(staleRemoval.statusCode, staleRemoval.body).toBe(409);
      expect(staleRemoval.json().conflict).toEqual({ version: base + 2, current: { logo: 'mine.png' } });
      const removal = await remove(base + 2);
      expect(removal.statusCode, removal.body).toBe(200);
      expect((await read('/client/profile')).profile).toMatchObject({
        logo_url: null,
        logo_version: base + 3,
      });
      const afterRemoval = await upload(await png('late.png'), base + 2);
      expect(afterRemoval.json().conflict).toEqual({ version: base + 3, current: { logo: null } });

      // Older clients send no version: applied as before (the version still moves).
      expect((await upload(await png('old-client.png'))).statusCode).toBe(200);
      expect((await remove()).statusCode).toBe(200);
      expect(await logoVersion()).toBe(base + 5);
    });

    it('a replay of an applied upload answers its stored response, not a 409', async () => {
      const base = await logoVersion();
      const key = newKey();
      const logo = await png('replayed.png');
      const first = await upload(logo, base, key);
      expect(first.statusCode, first.body).toBe(200);
      const replay = await upload(logo, base, key);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect(await logoVersion()).toBe(base + 1);
    });
  });
});
