/**
 * GET /reports/overview (the performance page of non-franchise accounts, spec part 3 §2.3) and
 * GET /user_locations (the location picker).
 *
 * - The statistics strip's leads, calls, forms, cost and average cost are the leads page header's
 *   own query (leads-list.ts statistics) over the same range and locations, so both pages agree.
 * - Services, channels, weekdays, top campaigns, accounts and recent leads are aggregates of the
 *   same leads WHERE (leads-filters.ts), weekdays in the customer's zone, Monday first.
 * - Campaign counts are the campaigns' current status (no history is kept): no change shown.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type LocationsResponse,
  type OverviewResponse,
  type RangeQuery,
  WEEKDAY_LABELS,
} from '../../src/api/contracts/performance';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { leads } from '../db/schema/leads';
import { accounts } from '../db/schema/shell';
import type { LeadScope } from './leads-filters';
import { leadsWhere } from './leads-filters';
import { statistics } from './leads-list';
import type { ReportCaller } from './leads-report';
import { type PerfScope, perfScope, round2, stat } from './perf-scope';

export async function userLocations(db: Db, caller: ReportCaller): Promise<LocationsResponse> {
  const scope = await perfScope(db, caller, {});
  return { locations: scope.all.map((a) => ({ ref_id: a.ref_id, name: a.name, checked: true })) };
}

const leadScopeOf = (scope: PerfScope): LeadScope => ({
  organizationId: scope.organizationId,
  timeZone: scope.timeZone,
});

async function campaignCounts(db: Db, scope: PerfScope) {
  const ids = scope.accounts.map((a) => a.id);
  if (!ids.length) return { active: 0, paused: 0 };
  const rows = await db
    .select({ status: campaigns.status, n: count() })
    .from(campaigns)
    .where(inArray(campaigns.account_id, ids))
    .groupBy(campaigns.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { active: of('active'), paused: of('paused') };
}

export async function overviewReport(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
): Promise<OverviewResponse> {
  const scope = await perfScope(db, caller, input);
  const leadScope = leadScopeOf(scope);
  const range = { start_date: scope.start, end_date: scope.end, location_ids: scope.locationIds };
  const where = leadsWhere(leadScope, range);
  const fromLeads = () => db.select().from(leads).innerJoin(accounts, eq(accounts.id, leads.account_id));
  const total = sql<number>`count(*)`.mapWith(Number);
  const cents = sql<number>`coalesce(sum(${leads.cost_cents}), 0)`.mapWith(Number);
  const dow = sql<number>`extract(isodow from ${leads.created_at} at time zone ${scope.timeZone})`.mapWith(
    Number,
  );

  const [stats, counts, services, channels, weekdays, topCampaigns, byAccount, recent] = await Promise.all([
    statistics(
      db,
      leadScope,
      { page: 1, per_page: 1, order: 'desc', order_by: 'created_at', ...range },
      caller.userId,
    ),
    campaignCounts(db, scope),
    db
      .select({ service: leads.service, total })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(where)
      .groupBy(leads.service)
      .orderBy(desc(total), leads.service),
    db
      .select({ channel: leads.channel, total })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(where)
      .groupBy(leads.channel)
      .orderBy(desc(total), leads.channel),
    db
      .select({
        dow,
        calls: sql<number>`count(*) filter (where ${leads.lead_type} = 'Call')`.mapWith(Number),
        forms: sql<number>`count(*) filter (where ${leads.lead_type} <> 'Call')`.mapWith(Number),
      })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(where)
      .groupBy(sql`1`),
    db
      .select({
        campaign_id: campaigns.id,
        campaign_name: campaigns.name,
        account_name: accounts.name,
        brand_name: accounts.brand,
        total,
        cents,
      })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .innerJoin(campaigns, eq(campaigns.id, leads.campaign_id))
      .where(where)
      .groupBy(campaigns.id, campaigns.name, accounts.name, accounts.brand)
      .orderBy(desc(total), campaigns.name, campaigns.id)
      .limit(10),
    db
      .select({ account_name: accounts.name, brand_name: accounts.brand, total, cents })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(where)
      .groupBy(accounts.id, accounts.name, accounts.brand)
      .orderBy(desc(total), accounts.name),
    fromLeads().where(and(where)).orderBy(desc(leads.created_at), desc(leads.id)).limit(10),
  ]);
  const s = stats.statistic;
  const all = services.reduce((n, r) => n + r.total, 0);
  return {
    multiple_accounts: scope.all.length > 1,
    performance_overview: {
      leads_count: { ...s.total_leads, title: 'Total Leads' },
      calls: s.call_leads,
      forms: s.form_leads,
      lead_cost: { ...s.total_cost, title: 'Lead Cost' },
      avg_cost: { ...s.avg_cpl, title: 'Avg Cost' },
      active_campaigns: stat('Active Campaigns', counts.active, counts.active),
      paused_campaigns: stat('Paused Campaigns', counts.paused, counts.paused),
    },
    services: services.map((r) => ({ service_name: r.service, total_leads: r.total })),
    channels: channels.map((r) => ({
      channel_name: r.channel,
      total_leads: all ? ((r.total / all) * 100).toFixed(2) : '0.00',
    })),
    per_week_days: WEEKDAY_LABELS.map((day, i) => {
      const row = weekdays.find((w) => w.dow === i + 1);
      return { day, calls: row?.calls ?? 0, forms: row?.forms ?? 0 };
    }),
    campaigns: topCampaigns.map((r) => ({
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      account_name: r.account_name,
      brand_name: r.brand_name,
      total_leads: r.total,
      leads_cost: round2(r.cents / 100),
    })),
    accounts: byAccount.map((r) => ({
      account_name: r.account_name,
      brand_name: r.brand_name,
      total_leads: r.total,
      leads_cost: round2(r.cents / 100),
    })),
    recent_leads: recent.map(({ leads: l }) => ({
      lead_id: l.id,
      name: l.name,
      lead_type: l.lead_type,
      service: l.service,
      created_at: l.created_at.toISOString(),
      cost: round2(l.cost_cents / 100),
    })),
  };
}
