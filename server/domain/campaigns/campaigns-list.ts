/**
 * The campaigns list (POST /campaigns) and a row's providers (POST /campaigns/{id}/providers).
 *
 * - Lead counts and cost are aggregated from the leads table over the chosen days, in the
 *   customer's time zone, with the same day bounds as the leads page (leads-filters.ts), so a
 *   campaign's total here equals the leads page filtered to it.
 * - Provider spend and leads come from the daily fact tables (search, social, programmatic).
 * - Sorting is by a whitelisted column, then id, so pages never overlap.
 */
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_COLUMNS,
  type CampaignCell,
  type CampaignRow,
  type CampaignsQuery,
  type CampaignsResponse,
  type ProvidersResponse,
  type StatusInfo,
} from '../../../src/api/contracts/campaigns';
import type { Db } from '../../db/client';
import { campaignProviders, campaigns } from '../../db/schema/campaigns';
import { organizationSettings, services } from '../../db/schema/catalog';
import { adFactsDaily, programmaticFactsDaily, socialFactsDaily } from '../../db/schema/facts';
import { leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { fromDay, type LeadScope, untilDay } from '../leads/leads-filters';
import { campaignsWhere } from './campaigns-filters';

export const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));
/** An account is locked when the provider has suspended it (no changes until the manager unlocks). */
export const isLockedStatus = (status: string) => status === 'locked';

const LABELS = new Map<string, string>(CAMPAIGN_COLUMNS.map((c) => [c.name, c.label]));

export function statusInfo(c: typeof campaigns.$inferSelect): StatusInfo {
  return {
    value: c.status === 'paused' ? 'paused' : 'active',
    pending: c.pending,
    placeholder: c.pending ? 'Pending' : null,
    disable: c.disable,
    trigger_status: c.trigger_status,
    paused_until: c.paused_until?.toISOString() ?? null,
    version: c.status_version,
  };
}

/** Per-campaign lead counts and cost over the days asked for (the leads page's numbers). */
function leadTotals(db: Db, scope: LeadScope, query: Pick<CampaignsQuery, 'start_date' | 'end_date'>) {
  return db
    .select({
      campaign_id: leads.campaign_id,
      calls: sql<number>`count(*) filter (where ${leads.lead_type} = 'Call')`.as('calls'),
      forms: sql<number>`count(*) filter (where ${leads.lead_type} = 'Form')`.as('forms'),
      cents: sql<number>`coalesce(sum(${leads.cost_cents}), 0)`.as('cents'),
    })
    .from(leads)
    .innerJoin(accounts, eq(accounts.id, leads.account_id))
    .where(
      and(
        eq(accounts.organization_id, scope.organizationId),
        query.start_date ? fromDay(query.start_date, scope.timeZone) : undefined,
        query.end_date ? untilDay(query.end_date, scope.timeZone) : undefined,
      ),
    )
    .groupBy(leads.campaign_id)
    .as('totals');
}

export async function listCampaigns(
  db: Db,
  scope: LeadScope,
  query: CampaignsQuery,
): Promise<CampaignsResponse> {
  const totals = leadTotals(db, scope, query);
  const where = campaignsWhere(scope.organizationId, query);
  const calls = sql<number>`coalesce(${totals.calls}, 0)`;
  const forms = sql<number>`coalesce(${totals.forms}, 0)`;
  const sortColumns: Record<CampaignsQuery['order_by'], SQL | AnyPgColumn> = {
    name: campaigns.name,
    account: accounts.name,
    service: campaigns.service,
    call_leads: calls,
    form_leads: forms,
    total_leads: sql`(${calls} + ${forms})`,
    spend_limit: campaigns.spend_limit_cents,
  };
  const direction = query.order === 'desc' ? desc : asc;
  const offset = (query.page - 1) * query.per_page;
  const base = () =>
    db
      .select({
        campaign: campaigns,
        account_name: accounts.name,
        account_ref: accounts.ref_id,
        platform: accounts.platform,
        account_status: accounts.status,
        service_label: services.label,
        calls: sql<number>`${calls}`.mapWith(Number),
        forms: sql<number>`${forms}`.mapWith(Number),
        cents: sql<number>`coalesce(${totals.cents}, 0)`.mapWith(Number),
        providers:
          sql<number>`(select count(*) from ${campaignProviders} where ${campaignProviders.campaign_id} = ${campaigns.id})`.mapWith(
            Number,
          ),
      })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
      .leftJoin(totals, eq(totals.campaign_id, campaigns.id))
      .leftJoin(services, eq(services.name, campaigns.service))
      .where(where);
  const [rows, all, settings] = await Promise.all([
    base()
      .orderBy(direction(sortColumns[query.order_by]), direction(campaigns.id))
      .limit(query.per_page)
      .offset(offset),
    base(),
    db
      .select({ can: organizationSettings.can_create_campaign })
      .from(organizationSettings)
      .where(eq(organizationSettings.organization_id, scope.organizationId)),
  ]);
  const total = all.length;
  const sum = (pick: (r: (typeof all)[number]) => number) => all.reduce((s, r) => s + pick(r), 0);
  const campaignsOut: CampaignRow[] = rows.map((r) => {
    const c = r.campaign;
    const values: Record<string, string | null> = {
      name: c.name,
      account: r.account_name,
      service: r.service_label ?? c.service,
      product: c.product_name,
      status: c.status,
      call_leads: String(r.calls),
      form_leads: String(r.forms),
      total_leads: String(r.calls + r.forms),
      spend: dollars(r.cents),
      spend_limit: dollars(c.spend_limit_cents),
    };
    const data: CampaignCell[] = CAMPAIGN_COLUMNS.map(({ name }) => ({
      name,
      label: LABELS.get(name) ?? name,
      value: values[name] ?? null,
    }));
    return {
      id: c.id,
      ref_id: c.ref_id,
      expandable: r.providers > 0,
      platform: r.platform,
      product: c.product,
      account: { ref_id: r.account_ref, name: r.account_name, is_locked: isLockedStatus(r.account_status) },
      status: statusInfo(c),
      data,
    };
  });
  const paused = all.filter((r) => r.campaign.status === 'paused').length;
  return {
    campaigns: campaignsOut,
    campaigns_statistic: {
      total_campaigns: { title: 'Campaigns', value: total },
      active_campaigns: { title: 'Active', value: total - paused },
      paused_campaigns: { title: 'Paused', value: paused },
      total_leads: { title: 'Total Leads', value: sum((r) => r.calls + r.forms) },
      total_cost: { title: 'Total Cost', value: sum((r) => r.cents) / 100 },
    },
    total_records: total,
    current_page: query.page,
    total_pages: Math.ceil(total / query.per_page),
    showing_from: rows.length ? offset + 1 : 0,
    showing_to: offset + rows.length,
    can_create_campaign: settings[0]?.can ?? false,
  };
}

/** The providers of one (own) campaign with their fact-table leads and spend over the days. */
export async function listProviders(
  db: Db,
  campaignId: number,
  query: Pick<CampaignsQuery, 'start_date' | 'end_date' | 'page' | 'per_page'>,
): Promise<ProvidersResponse> {
  const inRange = (column: AnyPgColumn) =>
    and(
      query.start_date ? sql`${column} >= ${query.start_date}::date` : undefined,
      query.end_date ? sql`${column} <= ${query.end_date}::date` : undefined,
    );
  const [providers, ads, social, programmatic, [{ total }]] = await Promise.all([
    db
      .select()
      .from(campaignProviders)
      .where(eq(campaignProviders.campaign_id, campaignId))
      .orderBy(asc(campaignProviders.provider))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({
        provider: adFactsDaily.provider,
        leads: sql<number>`sum(${adFactsDaily.leads})`.mapWith(Number),
        cents: sql<number>`sum(${adFactsDaily.cost_cents})`.mapWith(Number),
      })
      .from(adFactsDaily)
      .where(and(eq(adFactsDaily.campaign_id, campaignId), inRange(adFactsDaily.date)))
      .groupBy(adFactsDaily.provider),
    db
      .select({
        provider: socialFactsDaily.provider,
        leads: sql<number>`sum(${socialFactsDaily.leads})`.mapWith(Number),
        cents: sql<number>`sum(${socialFactsDaily.spend_cents})`.mapWith(Number),
      })
      .from(socialFactsDaily)
      .where(and(eq(socialFactsDaily.campaign_id, campaignId), inRange(socialFactsDaily.date)))
      .groupBy(socialFactsDaily.provider),
    db
      .select({
        provider: programmaticFactsDaily.provider,
        leads: sql<number>`sum(${programmaticFactsDaily.conversions})`.mapWith(Number),
        cents: sql<number>`sum(${programmaticFactsDaily.spend_cents})`.mapWith(Number),
      })
      .from(programmaticFactsDaily)
      .where(and(eq(programmaticFactsDaily.campaign_id, campaignId), inRange(programmaticFactsDaily.date)))
      .groupBy(programmaticFactsDaily.provider),
    db
      .select({ total: count() })
      .from(campaignProviders)
      .where(eq(campaignProviders.campaign_id, campaignId)),
  ]);
  const facts = new Map([...ads, ...social, ...programmatic].map((f) => [f.provider, f]));
  return {
    providers: providers.map((p) => ({
      id: p.id,
      provider: p.provider,
      name: p.name,
      ref_id: p.ref_id,
      status: p.status,
      spend_limit: dollars(p.spend_limit_cents),
      total_leads: facts.get(p.provider)?.leads ?? 0,
      spend: dollars(facts.get(p.provider)?.cents ?? 0) ?? '0.00',
    })),
    total_records: total,
    current_page: query.page,
    total_pages: Math.ceil(total / query.per_page),
  };
}
