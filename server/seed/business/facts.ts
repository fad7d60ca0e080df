/**
 * Daily facts for 18 months: paid search per campaign/provider/device, social per ad,
 * programmatic per provider, and (after the leads exist) RevConnect per account.
 *
 * Leads are not invented separately: every call or form a fact row counts becomes one lead
 * "slot", so the lead table and the facts agree (calls + forms per account and day). Directory
 * campaigns have no ad facts; their slots come straight from the demand curve.
 */
import type { Db } from '../../db/client';
import {
  adFactsDaily,
  programmaticFactsDaily,
  revconnectFactsDaily,
  socialAds,
  socialFactsDaily,
} from '../../db/schema/facts';
import type { Rng } from '../rng';
import { bulkInsert } from './bulk';
import { demandFactor, entry, isoDate, jitter, poisson, seedDays } from './calendar';
import type { SeededCampaign } from './campaigns';
import { categoryLabel } from './catalog-data';
import { DEVICE_SHARE, GOOGLE_CPC, PROVIDER_SHAPE } from './plans';

export type LeadSlot = {
  campaign: SeededCampaign;
  day: Date;
  lead_type: 'Call' | 'Form';
  provider: string;
  device: string | null;
  /** Ad cost attributed to this lead (ad platforms); pay-per-lead platforms price it later. */
  adCostCents: number;
};

/** accountId -> 'YYYY-MM-DD' -> cents of ad, social and programmatic spend. */
export type SpendLedger = Map<number, Map<string, number>>;

const addSpend = (ledger: SpendLedger, accountId: number, day: string, cents: number) => {
  const days = entry(ledger, accountId, () => new Map<string, number>());
  days.set(day, (days.get(day) ?? 0) + cents);
};

const split = (rng: Rng, n: number, p: number) => {
  let k = 0;
  for (let i = 0; i < n; i++) if (rng.next() < p) k++;
  return k;
};

export async function seedFacts(db: Db, rng: Rng, today: Date, campaigns: SeededCampaign[]) {
  const days = seedDays(today);
  const slots: LeadSlot[] = [];
  const spend: SpendLedger = new Map();
  const adRows: (typeof adFactsDaily.$inferInsert)[] = [];
  const socialRows: (typeof socialFactsDaily.$inferInsert)[] = [];
  const adRowsSocial: (typeof socialAds.$inferInsert)[] = [];
  const programmaticRows: (typeof programmaticFactsDaily.$inferInsert)[] = [];

  for (const campaign of campaigns) {
    const { plan } = campaign;
    const accountId = campaign.account.id;
    const active = (day: Date) => !campaign.pausedFrom || day < campaign.pausedFrom;
    const cpc = GOOGLE_CPC[plan.service] ?? 900;
    const adIds: [number, string][] =
      plan.product === 'social'
        ? plan.providers.map((provider, i) => {
            const id = adRowsSocial.length + 1;
            const label = categoryLabel(plan.service);
            adRowsSocial.push({
              id,
              account_id: accountId,
              campaign_id: campaign.id,
              provider,
              ad_name: `${i === 0 ? 'Free Estimate' : 'Seasonal Offer'} - ${label} - ${campaign.city.city}`,
              ad_thumbnail: `/demo/ads/${plan.service}-${i + 1}.jpg`,
              ad_text:
                i === 0
                  ? `Need ${label.toLowerCase()} help in ${campaign.city.city}? Book a free estimate today.`
                  : `Save $100 on ${label.toLowerCase()} service this season. Local, licensed and insured.`,
              status: 'active',
              created_at: days[0],
            });
            return [id, provider] as [number, string];
          })
        : [];

    days.forEach((day, dayIndex) => {
      if (!active(day)) return;
      const date = isoDate(day);
      const demand = demandFactor(day, plan.service, days.length, dayIndex);
      if (plan.product === 'directories') {
        const n = poisson(rng, plan.dailyLeads * demand);
        for (let i = 0; i < n; i++) {
          slots.push({
            campaign,
            day,
            lead_type: rng.chance(0.75) ? 'Call' : 'Form',
            provider: 'directory',
            device: null,
            adCostCents: 0,
          });
        }
        return;
      }
      if (plan.product === 'social') {
        for (const [adId, provider] of adIds) {
          const impressions = Math.round(jitter(rng, 1400 * demand, 0.35));
          const spendCents = Math.round(jitter(rng, 2400 * demand, 0.25));
          const leadsToday = poisson(rng, (plan.dailyLeads / adIds.length) * demand);
          socialRows.push({
            account_id: accountId,
            date,
            ad_id: adId,
            campaign_id: campaign.id,
            provider,
            impressions,
            reach: Math.round(impressions * (0.55 + 0.2 * rng.next())),
            link_clicks: Math.round(impressions * (0.008 + 0.01 * rng.next())),
            spend_cents: spendCents,
            leads: leadsToday,
          });
          addSpend(spend, accountId, date, spendCents);
          for (let i = 0; i < leadsToday; i++) {
            slots.push({
              campaign,
              day,
              lead_type: 'Form',
              provider,
              device: 'mobile',
              adCostCents: Math.round(spendCents / leadsToday),
            });
          }
        }
        return;
      }
      if (plan.product === 'programmatic') {
        for (const provider of plan.providers) {
          const impressions = Math.round(jitter(rng, (provider === 'display' ? 9000 : 6000) * demand, 0.3));
          const spendCents = Math.round((impressions / 1000) * (600 + rng.int(0, 400)));
          programmaticRows.push({
            account_id: accountId,
            date,
            campaign_id: campaign.id,
            provider,
            impressions,
            clicks: Math.round(impressions * (0.0015 + 0.0015 * rng.next())),
            spend_cents: spendCents,
            conversions: poisson(rng, 0.15 * demand),
          });
          addSpend(spend, accountId, date, spendCents);
        }
        return;
      }
      // Paid search (and the search sources behind pay-per-call campaigns).
      const totalShare = plan.providers.reduce((s, p) => s + PROVIDER_SHAPE[p].share, 0);
      for (const provider of plan.providers) {
        const shape = PROVIDER_SHAPE[provider];
        for (const [device, deviceShare] of DEVICE_SHARE[provider === 'lsa' ? 'lsa' : 'default']) {
          const expected = plan.dailyLeads * demand * (shape.share / totalShare) * deviceShare;
          const leadsHere = poisson(rng, expected);
          const calls = split(rng, leadsHere, shape.callShare);
          const clicks = Math.max(leadsHere, poisson(rng, expected / shape.cvr));
          const impressions = Math.max(clicks, Math.round((clicks / shape.ctr) * (0.8 + 0.4 * rng.next())));
          const costCents =
            provider === 'lsa'
              ? leadsHere * rng.int(3500, 7500)
              : Math.round(clicks * cpc * shape.cpcFactor * (0.8 + 0.4 * rng.next()));
          adRows.push({
            account_id: accountId,
            date,
            campaign_id: campaign.id,
            provider,
            device,
            impressions,
            clicks,
            cost_cents: costCents,
            conversions: leadsHere + poisson(rng, expected * 0.15),
            leads: leadsHere,
            calls,
            forms: leadsHere - calls,
          });
          addSpend(spend, accountId, date, costCents);
          // A lead's cost is the provider's cost per lead (clicks per lead x cost per click), so the
          // leads' costs add up to the spend over time even though most device rows have no lead.
          for (let i = 0; i < leadsHere; i++) {
            const perLead =
              provider === 'lsa'
                ? costCents / leadsHere
                : ((cpc * shape.cpcFactor) / shape.cvr) * (0.7 + 0.6 * rng.next());
            slots.push({
              campaign,
              day,
              lead_type: i < calls ? 'Call' : 'Form',
              provider,
              device,
              adCostCents: Math.round(perLead),
            });
          }
        }
      }
    });
  }

  await bulkInsert(db, adFactsDaily, adRows, 4000);
  await bulkInsert(db, socialAds, adRowsSocial);
  await bulkInsert(db, socialFactsDaily, socialRows, 4000);
  await bulkInsert(db, programmaticFactsDaily, programmaticRows, 4000);
  return { slots, spend, days };
}

/**
 * The RevConnect funnel per account and day, from that day's real lead count and spend:
 * leads -> qualified -> appointments -> sales, revenue per sale by trade.
 */
export async function seedRevconnect(
  db: Db,
  rng: Rng,
  days: Date[],
  accountIds: number[],
  leadsPerDay: Map<number, Map<string, number>>,
  spend: SpendLedger,
  ticketCents: number,
) {
  const rows: (typeof revconnectFactsDaily.$inferInsert)[] = [];
  for (const accountId of accountIds) {
    for (const day of days) {
      const date = isoDate(day);
      const leads = leadsPerDay.get(accountId)?.get(date) ?? 0;
      const qualified = split(rng, leads, 0.62);
      const appointments = split(rng, qualified, 0.58);
      const sales = split(rng, appointments, 0.45);
      let revenue = 0;
      for (let i = 0; i < sales; i++) revenue += Math.round(jitter(rng, ticketCents, 0.45));
      rows.push({
        account_id: accountId,
        date,
        leads,
        qualified_leads: qualified,
        appointments,
        sales,
        revenue_cents: revenue,
        cost_of_marketing_cents: spend.get(accountId)?.get(date) ?? 0,
      });
    }
  }
  await bulkInsert(db, revconnectFactsDaily, rows, 4000);
}
