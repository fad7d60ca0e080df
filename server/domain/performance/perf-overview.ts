/**
 * GET /reports/overview (the performance page of non-franchise accounts, spec part 3 §2.3) and
 * GET /user_locations (the location picker).
 *
 * - The statistics strip's leads, calls, forms, cost and average cost are the leads page header's
 *   own query (leads-list.ts statistics) over the same range and locations, so both pages agree.
 * - Services, channels, weekdays, top campaigns and accounts are sums over the range's local days
 *   of the leads rollup by day (lead_day_breakdowns), weekdays in the customer's zone, Monday first;
 *   the recent leads are read with the leads page's WHERE (leads-filters.ts).
 * - Campaign counts are the campaigns' current status (no history is kept): no change shown.
 */
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type LocationsResponse,
  type OverviewResponse,
  type RangeQuery,
  WEEKDAY_LABELS,
} from '../../../src/api/contracts/performance';
import { type Db, rowsOf } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import type { LeadScope } from '../leads/leads-filters';
import { leadsWhere } from '../leads/leads-filters';
import { statistics } from '../leads/leads-list';
import type { ReportCaller } from '../leads/leads-report';
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

type Group = {
  set: 'service' | 'channel' | 'dow' | 'account' | 'campaign';
  service: string | null;
  channel: string | null;
  dow: number | null;
  account_name: string | null;
  brand: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
  total: number;
  calls: number;
  cents: number;
};

/**
 * Services, channels, weekdays, accounts and campaigns of the range's leads, read from
 * lead_day_breakdowns (migration 0012): leads per account, local day, service, channel and
 * campaign, kept equal to the leads by triggers, summed in one pass (grouping sets). A range is
 * whole local days in the organization's zone and a weekday is its local day's, so the read follows
 * the days, the locations and their campaigns, not the leads (at a hundred times the demo data,
 * scanning a franchise's year of leads took about a second). Rows come ordered as each table wants
 * them: most leads first, then by name.
 */
async function breakdowns(db: Db, scope: PerfScope): Promise<Group[]> {
  const ids = scope.accounts.map((a) => a.id);
  if (!ids.length) return [];
  const groups = await rowsOf<Group>(
    db,
    sql`
    with picked as (
      select b.service, b.channel, extract(isodow from b.day)::int as dow, b.account_id,
        nullif(b.campaign_id, 0) as campaign_id, b.total, b.calls, b.cost_cents
      from lead_day_breakdowns b
      where b.account_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and b.day >= ${scope.start}::date and b.day <= ${scope.end}::date
    ),
    summed as (
      select case
          when grouping(service) = 0 then 'service'
          when grouping(channel) = 0 then 'channel'
          when grouping(dow) = 0 then 'dow'
          when grouping(campaign_id) = 0 then 'campaign'
          else 'account' end as set,
        service, channel, dow, account_id, campaign_id,
        sum(total)::int as total, sum(calls)::int as calls, sum(cost_cents)::float8 as cents
      from picked
      group by grouping sets ((service), (channel), (dow), (account_id), (campaign_id, account_id))
    )
    select s.set, s.service, s.channel, s.dow, a.name as account_name, a.brand, s.campaign_id,
      c.name as campaign_name, s.total, s.calls, s.cents
    from summed s left join ${accounts} a on a.id = s.account_id left join ${campaigns} c on c.id = s.campaign_id
    where s.total > 0
    order by s.total desc, s.service, s.channel, c.name, s.campaign_id, a.name`,
  );
  return groups.map((r) => ({
    ...r,
    total: Number(r.total),
    calls: Number(r.calls),
    cents: Number(r.cents),
  }));
}

/**
 * The 10 newest leads: each location's newest 10 walked on its (account_id, created_at) index,
 * then merged, instead of sorting every lead of the range (the subquery is named "leads" so the
 * shared WHERE and ORDER BY read the same).
 */
function recentLeads(db: Db, where: SQL) {
  const newest = db
    .select()
    .from(leads)
    .where(and(eq(leads.account_id, accounts.id), where))
    .orderBy(desc(leads.created_at), desc(leads.id))
    .limit(10)
    .as('leads');
  return db
    .select({
      id: newest.id,
      name: newest.name,
      lead_type: newest.lead_type,
      service: newest.service,
      created_at: newest.created_at,
      cost_cents: newest.cost_cents,
    })
    .from(accounts)
    .crossJoinLateral(newest)
    .orderBy(desc(newest.created_at), desc(newest.id))
    .limit(10);
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
  const [stats, counts, groups, recent] = await Promise.all([
    statistics(
      db,
      leadScope,
      { page: 1, per_page: 1, order: 'desc', order_by: 'created_at', ...range },
      caller.userId,
    ),
    campaignCounts(db, scope),
    breakdowns(db, scope),
    recentLeads(db, where),
  ]);
  const set = (name: Group['set']) => groups.filter((g) => g.set === name);
  const services = set('service').map((r) => ({ service: r.service as string, total: r.total }));
  const channels = set('channel').map((r) => ({ channel: r.channel as string, total: r.total }));
  const weekdays = set('dow').map((r) => ({ dow: Number(r.dow), calls: r.calls, forms: r.total - r.calls }));
  const topCampaigns = set('campaign')
    .filter((r) => r.campaign_id !== null && r.campaign_name !== null)
    .slice(0, 10)
    .map((r) => ({
      campaign_id: Number(r.campaign_id),
      campaign_name: r.campaign_name as string,
      account_name: r.account_name as string,
      brand_name: r.brand,
      total: r.total,
      cents: r.cents,
    }));
  const byAccount = set('account').map((r) => ({
    account_name: r.account_name as string,
    brand_name: r.brand,
    total: r.total,
    cents: r.cents,
  }));
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
    recent_leads: recent.map((l) => ({
      lead_id: l.id,
      name: l.name,
      lead_type: l.lead_type,
      service: l.service,
      created_at: l.created_at.toISOString(),
      cost: round2(l.cost_cents / 100),
    })),
  };
}
