/**
 * Analytics (spec part 3 §2.9): the organization's agency key (made once when there is none), its
 * banners, and the figures the embedded analytics page draws: the last twelve months of the
 * organization's own ad facts (impressions, clicks, spend, leads by calls and forms), summed by
 * SQL, never stored as finished figures.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Banner } from '../../../src/api/contracts/analytics';
import type { Db } from '../../db/client';
import { banners, organizationSettings } from '../../db/schema/catalog';
import { adFactsDaily } from '../../db/schema/facts';
import { organizations } from '../../db/schema/identity';
import { accounts } from '../../db/schema/shell';

export async function agencyKey(db: Db, organizationId: number): Promise<string> {
  const [row] = await db
    .select({ key: organizationSettings.agency_api_key })
    .from(organizationSettings)
    .where(eq(organizationSettings.organization_id, organizationId));
  if (row?.key) return row.key;
  const key = `agency-${randomBytes(18).toString('base64url')}`;
  await db
    .insert(organizationSettings)
    .values({ organization_id: organizationId, agency_api_key: key })
    .onConflictDoUpdate({ target: organizationSettings.organization_id, set: { agency_api_key: key } });
  return key;
}

export async function bannersFor(db: Db, organizationId: number): Promise<Banner[]> {
  return db
    .select({
      id: banners.id,
      text: banners.text,
      call_to_action_link: banners.call_to_action_link,
      call_to_action_label: banners.call_to_action_label,
    })
    .from(banners)
    .where(
      and(
        eq(banners.active, true),
        eq(banners.placement, 'analytics'),
        or(isNull(banners.organization_id), eq(banners.organization_id, organizationId)),
      ),
    )
    .orderBy(desc(banners.organization_id), banners.id);
}

export type MonthFigures = {
  month: string;
  impressions: number;
  clicks: number;
  cost_cents: number;
  calls: number;
  forms: number;
};

/** The organization behind an agency key, or null. */
export async function organizationOfKey(db: Db, key: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationSettings)
    .innerJoin(organizations, eq(organizations.id, organizationSettings.organization_id))
    .where(eq(organizationSettings.agency_api_key, key));
  return row ?? null;
}

/** The last twelve months with facts, oldest first. */
export async function monthlyFigures(db: Db, organizationId: number): Promise<MonthFigures[]> {
  const month = sql<string>`to_char(date_trunc('month', ${adFactsDaily.date}::date), 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      impressions: sql<number>`sum(${adFactsDaily.impressions})::int`,
      clicks: sql<number>`sum(${adFactsDaily.clicks})::int`,
      cost_cents: sql<number>`sum(${adFactsDaily.cost_cents})::bigint`,
      calls: sql<number>`sum(${adFactsDaily.calls})::int`,
      forms: sql<number>`sum(${adFactsDaily.forms})::int`,
    })
    .from(adFactsDaily)
    .innerJoin(accounts, eq(accounts.id, adFactsDaily.account_id))
    .where(eq(accounts.organization_id, organizationId))
    .groupBy(month)
    .orderBy(desc(month))
    .limit(12);
  return rows
    .map((row) => ({
      month: row.month,
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
      cost_cents: Number(row.cost_cents),
      calls: Number(row.calls),
      forms: Number(row.forms),
    }))
    .reverse();
}
