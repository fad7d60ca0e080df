/**
 * The business seed on fresh PGlite databases: volumes the demo promises (leads, 18 months of
 * facts, every invoice status, every activity key, ...) and determinism (two databases seeded
 * with the same seed and day hold identical rows, table by table).
 *
 * The people are a tiny local fixture shaped like the real people seed (six customers, the same
 * platforms and account counts), so this test does not depend on server/seed/people.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../../server/db/client';
import * as activitySchema from '../../server/db/schema/activities';
import { ACTIVITY_KEYS } from '../../server/db/schema/activities';
import * as activityRecords from '../../server/db/schema/activity-records';
import * as billing from '../../server/db/schema/billing';
import { INVOICE_STATUSES } from '../../server/db/schema/billing';
import * as campaignSchema from '../../server/db/schema/campaigns';
import * as catalog from '../../server/db/schema/catalog';
import * as facts from '../../server/db/schema/facts';
import * as geo from '../../server/db/schema/geo';
import { organizations, users } from '../../server/db/schema/identity';
import * as leadSchema from '../../server/db/schema/leads';
import * as seo from '../../server/db/schema/seo';
import { accounts } from '../../server/db/schema/shell';
import * as signup from '../../server/db/schema/signup';
import * as toolbar from '../../server/db/schema/toolbar';
import { seedBusiness } from '../../server/seed/business';
import { GEO_CITIES } from '../../server/seed/business/geo-data';
import { createRng } from '../../server/seed/rng';
import type { DemoCustomer, DemoKey } from '../../server/seed/types';

const SEED = 20240601;
const TODAY = new Date('2025-03-12T00:00:00.000Z');

/** [key, [platform, ref prefix, how many][]], as the people seed has them. */
const FIXTURE: [DemoKey, [string, string, number][]][] = [
  ['owner', [['live', 'LIVE', 1]]],
  ['franchise', [['franchise', 'FR', 28]]],
  ['direct', [['direct', 'DIR', 1]]],
  [
    'directories',
    [
      ['bpr', 'bpr', 2],
      ['fsr', 'fsr', 1],
    ],
  ],
  ['socius', [['socius', 'SOC', 1]]],
  [
    'multi',
    [
      ['live', 'LIVE', 2],
      ['direct', 'DIR', 1],
      ['bpr', 'bpr', 1],
    ],
  ],
];

async function seedFixture(handle: DbHandle): Promise<DemoCustomer[]> {
  const { db } = handle;
  const customers: DemoCustomer[] = [];
  let place = 0;
  for (const [key, specs] of FIXTURE) {
    const [org] = await db
      .insert(organizations)
      .values({ name: `${key} org` })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        organization_id: org.id,
        email: `${key}@fixture.test`,
        first_name: key,
        last_name: 'Fixture',
      })
      .returning();
    const rows: (typeof accounts.$inferInsert)[] = [];
    for (const [platform, prefix, count] of specs) {
      for (let i = 0; i < count; i++) {
        const city = GEO_CITIES[(key === 'franchise' ? i : place++) % GEO_CITIES.length];
        rows.push({
          organization_id: org.id,
          ref_id: `${prefix}-${org.id}${String(rows.length + 1).padStart(3, '0')}`,
          platform,
          name: `${key} - ${city.city}, ${city.state}`,
          zipcode: city.zipcode,
        });
      }
    }
    const inserted = await db.insert(accounts).values(rows).returning();
    customers.push({
      key,
      organization_id: org.id,
      user_id: user.id,
      email: user.email,
      accounts: inserted.map((a) => ({
        id: a.id,
        ref_id: a.ref_id,
        platform: a.platform,
        name: a.name,
        zipcode: a.zipcode,
      })),
    });
  }
  return customers;
}

const BUSINESS_TABLES: PgTable[] = [
  activityRecords,
  activitySchema,
  billing,
  campaignSchema,
  catalog,
  facts,
  geo,
  leadSchema,
  seo,
  signup,
  toolbar,
]
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => is(value, PgTable));

type Run = {
  ms: number;
  customers: DemoCustomer[];
  fingerprint: Record<string, string>;
  q: <T>(sql: string) => Promise<T[]>;
};

async function seedFresh(): Promise<Run & { close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'business-seed-'));
  const handle = await openDb({ dataDir: dir });
  const customers = await seedFixture(handle);
  const started = performance.now();
  await handle.db.transaction((tx) =>
    seedBusiness({ db: tx as never, rng: createRng(SEED).fork('business'), today: TODAY, customers }),
  );
  const ms = performance.now() - started;
  const q = async <T>(sql: string) => (await handle.pglite!.query<T>(sql)).rows;
  const fingerprint: Record<string, string> = {};
  for (const table of BUSINESS_TABLES) {
    const name = getTableConfig(table).name;
    const [row] = await q<{ n: number; h: string }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`,
    );
    fingerprint[name] = `${row.n}:${row.h}`;
  }
  return {
    ms,
    customers,
    fingerprint,
    q,
    close: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('business seed', () => {
  let first: Run;
  let second: Run;
  let closeFirst: () => Promise<void>;

  beforeAll(async () => {
    const a = await seedFresh();
    closeFirst = a.close;
    first = a;
    console.log(`business seed: ${Math.round(a.ms)} ms on PGlite`);
  }, 240_000);

  afterAll(async () => {
    await closeFirst?.();
  });

  const orgOf = (key: DemoKey) => first.customers.find((c) => c.key === key)?.organization_id;
  const leadsOf = async (key: DemoKey) => {
    const [row] = await first.q<{ n: number }>(
      `select count(*)::int as n from leads l join accounts a on a.id = l.account_id where a.organization_id = ${orgOf(key)}`,
    );
    return row.n;
  };

  it('creates the promised lead volumes, each lead with its details', async () => {
    expect(await leadsOf('franchise')).toBeGreaterThanOrEqual(10_000);
    expect(await leadsOf('owner')).toBeGreaterThanOrEqual(2_000);
    for (const key of ['direct', 'directories', 'socius', 'multi'] as DemoKey[])
      expect(await leadsOf(key)).toBeGreaterThanOrEqual(150);
    const [checks] = await first.q<Record<string, number>>(`
      select
        (select count(*)::int from leads l left join lead_details d on d.lead_id = l.id where d.lead_id is null) as without_details,
        (select count(*)::int from leads l join lead_details d on d.lead_id = l.id where l.lead_type = 'Call' and d.recording_url is null) as calls_without_recording,
        (select count(*)::int from leads l join lead_details d on d.lead_id = l.id where l.lead_type = 'Call' and d.transcriptions is not null) as transcribed_calls,
        (select count(*)::int from leads l join lead_details d on d.lead_id = l.id where l.lead_type = 'Form' and d.questions is null) as forms_without_questions,
        (select count(*)::int from leads l join accounts a on a.id = l.account_id where a.platform in ('bpr', 'fsr') and l.ref_id not like a.platform || '%') as bad_directory_refs,
        (select count(*)::int from lead_reviews where status = 'pending') as pending_reviews,
        (select count(*)::int from leads where created_at >= '${TODAY.toISOString()}'::timestamptz + interval '1 day') as future_leads`);
    expect(checks).toMatchObject({
      without_details: 0,
      calls_without_recording: 0,
      forms_without_questions: 0,
      bad_directory_refs: 0,
      future_leads: 0,
    });
    expect(checks.transcribed_calls).toBeGreaterThan(1000);
    expect(checks.pending_reviews).toBeGreaterThan(0);
  });

  it('has 18 months of daily facts up to and including today', async () => {
    const [span] = await first.q<{ first: string; last: string; days: number }>(
      `select min(date)::text as first, max(date)::text as last, count(distinct date)::int as days from ad_facts_daily`,
    );
    expect(span).toEqual({ first: '2023-09-12', last: '2025-03-12', days: 548 });
    const [kinds] = await first.q<Record<string, number>>(`
      select (select count(distinct date)::int from social_facts_daily) as social,
             (select count(distinct date)::int from programmatic_facts_daily) as programmatic,
             (select count(distinct date)::int from revconnect_facts_daily) as revconnect,
             (select count(distinct provider)::int from ad_facts_daily) as providers,
             (select count(distinct device)::int from ad_facts_daily) as devices`);
    expect(kinds).toEqual({ social: 548, programmatic: 548, revconnect: 548, providers: 4, devices: 4 });
  });

  it('has invoices in every status, payable bpr invoices and the payment method cases', async () => {
    const statuses = await first.q<{ status: string }>(`select distinct status from invoices order by 1`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...INVOICE_STATUSES].sort());
    const [payable] = await first.q<{ n: number }>(`
      select count(*)::int as n from invoices i join accounts a on a.id = i.account_id
      where a.organization_id = ${orgOf('directories')} and i.product_key = 'bpr_reports' and i.status in ('Unpaid', 'Partially paid')`);
    expect(payable.n).toBeGreaterThanOrEqual(2);
    const [methods] = await first.q<{ expired: number; ach: number }>(`
      select count(*) filter (where type = 'credit_card' and exp_year * 12 + exp_month < ${TODAY.getUTCFullYear() * 12 + TODAY.getUTCMonth() + 1})::int as expired,
             count(*) filter (where type = 'ach')::int as ach
      from payment_methods`);
    expect(methods.expired).toBeGreaterThanOrEqual(1);
    expect(methods.ach).toBeGreaterThanOrEqual(1);
  });

  it('has activities of every task key and status, SEO plans and the sign-up sources', async () => {
    const keys = await first.q<{ key: string }>(`select distinct key from activities where key is not null`);
    expect(keys.map((k) => k.key).sort()).toEqual([...ACTIVITY_KEYS].sort());
    const statuses = await first.q<{ status: string }>(`select distinct status from activities`);
    expect(statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(['action_required', 'completed', 'planned']),
    );
    const quarters = await first.q<{ quarter: string }>(
      `select quarter from seo_plans where organization_id = ${orgOf('owner')} order by quarter`,
    );
    expect(quarters.map((r) => r.quarter)).toEqual(['2024-Q2', '2024-Q3', '2024-Q4', '2025-Q1']);
    const [ids] = await first.q<{ ms: string; sf: string; categories: number }>(`
      select (select string_agg(ms_id, ',' order by ms_id) from legacy_accounts) as ms,
             (select string_agg(salesforce_id, ',' order by salesforce_id) from signup_leads) as sf,
             (select count(*)::int from price_categories) as categories`);
    expect(ids).toEqual({
      ms: 'MS-1001,MS-1002,MS-1003',
      sf: '00Q-DEMO-0001,00Q-DEMO-0002,00Q-DEMO-0003',
      categories: 26,
    });
  });

  it('continues every id sequence after the seeded rows', async () => {
    const [row] = await first.q<{ next: number; max: number }>(
      `select nextval('leads_id_seq')::int as next, (select max(id) from leads)::int as max`,
    );
    expect(row.next).toBe(row.max + 1);
  });

  it('is deterministic: a second database with the same seed and day holds the same rows', async () => {
    const b = await seedFresh();
    second = b;
    console.log(`business seed (second run): ${Math.round(b.ms)} ms on PGlite`);
    await b.close();
    expect(BUSINESS_TABLES.length).toBeGreaterThan(40);
    expect(Object.keys(first.fingerprint).length).toBe(BUSINESS_TABLES.length);
    expect(second.fingerprint).toEqual(first.fingerprint);
  }, 240_000);
});
