/**
 * A small hand-made customer for the performance report tests: two locations (live PTA-1, direct
 * PTB-1), one campaign each, a few days of facts and leads with obvious numbers, in the week
 * 2026-10-01 (Thursday) .. 2026-10-07 and the week before it (the previous period).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { campaigns } from '../../server/db/schema/campaigns';
import {
  adFactsDaily,
  programmaticFactsDaily,
  revconnectFactsDaily,
  socialAds,
  socialFactsDaily,
} from '../../server/db/schema/facts';
import { organizations, users } from '../../server/db/schema/identity';
import { leads } from '../../server/db/schema/leads';
import { accounts } from '../../server/db/schema/shell';

export const FIXTURE_EMAIL = 'perf-fixture@demo.test';
export const WEEK = { start_date: '2026-10-01', end_date: '2026-10-07' };

/** Noon on a day in Chicago (CDT, UTC-5 in October). */
const noon = (day: string) => new Date(`${day}T17:00:00Z`);

export async function seedPerfFixture(db: Db) {
  const [template] = await db.select().from(users).where(eq(users.email, 'owner@demo.test'));
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Perf Fixture Co', time_zone: 'America/Chicago', show_revconnect: true })
    .returning();
  await db.insert(users).values({
    organization_id: org.id,
    email: FIXTURE_EMAIL,
    password_hash: template.password_hash,
    first_name: 'Pat',
    last_name: 'Fixture',
  });
  const [a, b] = await db
    .insert(accounts)
    .values([
      { organization_id: org.id, ref_id: 'PTA-1', platform: 'live', name: 'Alpha Location' },
      { organization_id: org.id, ref_id: 'PTB-1', platform: 'direct', name: 'Beta Location' },
    ])
    .returning();
  const campaign = (account: number, ref: string, name: string, status: string) => ({
    account_id: account,
    ref_id: ref,
    name,
    product: 'paid_search',
    product_name: 'Paid Search',
    media_type: 'search',
    service: 'hvac',
    status,
  });
  const [c1, c2] = await db
    .insert(campaigns)
    .values([
      campaign(a.id, 'PT-C1', 'Alpha Search', 'active'),
      campaign(b.id, 'PT-C2', 'Beta Search', 'paused'),
    ])
    .returning();
  const ad = (
    account: number,
    date: string,
    campaign_id: number,
    provider: string,
    device: string,
    [impressions, clicks, cost_cents, leads, calls]: number[],
  ) => ({
    account_id: account,
    date,
    campaign_id,
    provider,
    device,
    impressions,
    clicks,
    cost_cents,
    conversions: leads,
    leads,
    calls,
    forms: leads - calls,
  });
  await db
    .insert(adFactsDaily)
    .values([
      ad(a.id, '2026-10-01', c1.id, 'google', 'desktop', [1000, 100, 50_000, 10, 6]),
      ad(a.id, '2026-10-02', c1.id, 'lsa', 'mobile', [200, 20, 25_000, 5, 5]),
      ad(b.id, '2026-10-03', c2.id, 'bing', 'mobile', [500, 50, 10_000, 2, 1]),
      ad(a.id, '2026-09-28', c1.id, 'google', 'desktop', [500, 50, 25_000, 5, 3]),
    ]);
  const lead = (
    account: number,
    campaign_id: number,
    n: number,
    day: string,
    type: string,
    cents: number,
  ) => ({
    account_id: account,
    campaign_id,
    ref_id: `PT-L${n}`,
    lead_type: type,
    name: `Fixture Lead ${n}`,
    service: 'HVAC Repair',
    cost_cents: cents,
    channel: 'Paid Search',
    provider: 'google',
    source: 'Google Ads',
    created_at: noon(day),
  });
  await db
    .insert(leads)
    .values([
      lead(a.id, c1.id, 1, '2026-10-01', 'Call', 1000),
      lead(a.id, c1.id, 2, '2026-10-01', 'Call', 1000),
      lead(a.id, c1.id, 3, '2026-10-01', 'Form', 1000),
      lead(b.id, c2.id, 4, '2026-10-03', 'Form', 2500),
      lead(a.id, c1.id, 5, '2026-09-28', 'Call', 500),
    ]);
  await db.insert(programmaticFactsDaily).values([
    {
      account_id: a.id,
      date: '2026-10-01',
      campaign_id: c1.id,
      provider: 'display',
      impressions: 10_000,
      clicks: 20,
      spend_cents: 5000,
      conversions: 0,
    },
    {
      account_id: a.id,
      date: '2026-10-02',
      campaign_id: c1.id,
      provider: 'simplifi',
      impressions: 5000,
      clicks: 5,
      spend_cents: 2500,
      conversions: 0,
    },
  ]);
  await db.insert(revconnectFactsDaily).values([
    {
      account_id: a.id,
      date: '2026-10-01',
      leads: 10,
      qualified_leads: 6,
      appointments: 4,
      sales: 2,
      revenue_cents: 2_000_000,
      cost_of_marketing_cents: 100_000,
    },
  ]);
  const [socialAd] = await db
    .insert(socialAds)
    .values({
      account_id: a.id,
      campaign_id: c1.id,
      provider: 'facebook',
      ad_name: 'Fixture Ad',
      ad_text: 'Call us',
    })
    .returning();
  const social = (
    date: string,
    reach: number,
    impressions: number,
    link_clicks: number,
    spend_cents: number,
    n: number,
  ) => ({
    account_id: a.id,
    date,
    ad_id: socialAd.id,
    campaign_id: c1.id,
    provider: 'facebook',
    impressions,
    reach,
    link_clicks,
    spend_cents,
    leads: n,
  });
  await db
    .insert(socialFactsDaily)
    .values([social('2026-10-01', 300, 500, 10, 2000, 2), social('2026-10-02', 400, 600, 5, 3000, 3)]);
  return { org, a, b, c1, c2 };
}
