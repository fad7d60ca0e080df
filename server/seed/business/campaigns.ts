/**
 * Seeds the geography and every customer's campaigns: providers, counties with call/form prices,
 * ZIP targets, weekly call schedules and status history. Returns the campaigns with their
 * targeted ZIPs so facts and leads land inside each campaign's area.
 */
import type { Db } from '../../db/client';
import {
  campaignCounties,
  campaignProviders,
  campaignSchedules,
  campaignStatusHistory,
  campaigns,
  campaignZipcodes,
} from '../../db/schema/campaigns';
import { geoCounties, geoZipcodes } from '../../db/schema/geo';
import type { Rng } from '../rng';
import type { DemoAccount, DemoCustomer } from '../types';
import { bulkInsert } from './bulk';
import { addDays, DAY_MS, isoDate, WEEKDAYS } from './calendar';
import { categoryLabel, categoryRange } from './catalog-data';
import { cityForZip, GEO_CITIES, type GeoCity, zipPoint } from './geo-data';
import { type CampaignPlan, campaignPlans, MEDIA_TYPE, PRODUCT_NAMES, PROVIDER_LABEL } from './plans';

export type SeededCampaign = {
  id: number;
  customer: DemoCustomer;
  account: DemoAccount;
  accountIndex: number;
  plan: CampaignPlan;
  city: GeoCity;
  /** Targeted ZIPs with their place names; the first county's ZIPs come first. */
  zips: { zipcode: string; city: string; state: string }[];
  /** No facts or leads from this day on (a paused campaign). */
  pausedFrom: Date | null;
};

export async function seedGeo(db: Db) {
  const countyRows: (typeof geoCounties.$inferInsert)[] = [];
  const zipRows: (typeof geoZipcodes.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (const city of GEO_CITIES) {
    for (const county of city.counties) {
      const id = countyRows.length + 1;
      countyRows.push({ id, name: county.name, state: county.state });
      for (const [zipcode, place] of county.zips) {
        if (seen.has(zipcode)) continue;
        seen.add(zipcode);
        zipRows.push({
          zipcode,
          city: place,
          state: county.state,
          county_id: id,
          ...zipPoint(city, zipcode),
        });
      }
    }
  }
  await bulkInsert(db, geoCounties, countyRows);
  await bulkInsert(db, geoZipcodes, zipRows);
}

const FLAGS: Record<string, Partial<typeof campaigns.$inferInsert>> = {
  calls: {
    trigger_status: true,
    trigger_location_status: true,
    show_locations_tab: true,
    show_schedule: true,
    search_location: true,
  },
  search: {
    trigger_status: true,
    trigger_location_status: false,
    show_locations_tab: true,
    show_schedule: false,
    search_location: false,
  },
  social: {
    trigger_status: false,
    trigger_location_status: false,
    show_locations_tab: false,
    show_schedule: false,
    search_location: false,
  },
  programmatic: {
    trigger_status: false,
    trigger_location_status: false,
    show_locations_tab: false,
    show_schedule: false,
    search_location: false,
  },
};

export async function seedCampaigns(
  db: Db,
  rng: Rng,
  today: Date,
  customers: DemoCustomer[],
): Promise<SeededCampaign[]> {
  const out: SeededCampaign[] = [];
  const rows: (typeof campaigns.$inferInsert)[] = [];
  const providerRows: (typeof campaignProviders.$inferInsert)[] = [];
  const countyRows: (typeof campaignCounties.$inferInsert)[] = [];
  const zipRows: (typeof campaignZipcodes.$inferInsert)[] = [];
  const scheduleRows: (typeof campaignSchedules.$inferInsert)[] = [];
  const historyRows: (typeof campaignStatusHistory.$inferInsert)[] = [];
  const windowStart = addDays(today, -549);

  for (const customer of customers) {
    customer.accounts.forEach((account, accountIndex) => {
      const city = cityForZip(account.zipcode);
      for (const plan of campaignPlans(customer.key, account, accountIndex)) {
        const id = rows.length + 1;
        const media = MEDIA_TYPE[plan.product];
        const label = categoryLabel(plan.service);
        const createdAt = addDays(windowStart, -rng.int(15, 240));
        const pausedFrom = plan.paused ? addDays(today, -rng.int(18, 40)) : null;
        // One franchise location waits for its pause to be confirmed (the live channel clears it).
        const pending = customer.key === 'franchise' && accountIndex === 3 && media === 'search';
        const range = categoryRange(plan.service);
        const suffix = media === 'social' ? ' - Social' : media === 'programmatic' ? ' - Programmatic' : '';
        rows.push({
          id,
          account_id: account.id,
          ref_id: `CMP-${100000 + id}`,
          name: `${label}${suffix} - ${city.city}, ${city.state}`,
          product: plan.product,
          product_name: PRODUCT_NAMES[plan.product],
          media_type: media,
          service: plan.service,
          status: plan.paused ? 'paused' : 'active',
          pending,
          pending_status: pending ? 'paused' : null,
          paused_until: null,
          spend_limit_cents:
            media === 'calls' ? null : Math.round((plan.dailyLeads * 9000 + 1500) * 30 * (1 + rng.next())),
          enable_call_schedule: media === 'calls' && rng.chance(0.6),
          ...FLAGS[media],
          disable: false,
          start_date: isoDate(createdAt),
          created_at: createdAt,
        } as typeof campaigns.$inferInsert);

        for (const provider of plan.providers) {
          providerRows.push({
            campaign_id: id,
            provider,
            name: `${PROVIDER_LABEL[provider] ?? provider} - ${label}`,
            ref_id: `${provider.toUpperCase()}-${100000 + id}`,
            status: plan.paused ? 'paused' : 'active',
            spend_limit_cents: null,
            created_at: createdAt,
          });
        }

        // Counties: the first is the home county with most ZIPs targeted; later ones vary,
        // including a county with nothing targeted yet ('Target All').
        const counties = city.counties.slice(0, Math.max(1, plan.counties));
        const zips: SeededCampaign['zips'] = [];
        counties.forEach((county, position) => {
          const countyId = countyRows.length + 1;
          const noneTargeted = position === 2 || (position > 0 && rng.chance(0.3));
          const callPrice =
            Math.round((range.min + (range.max - range.min) * (0.35 + 0.3 * rng.next())) / 100) * 100;
          countyRows.push({
            id: countyId,
            campaign_id: id,
            name: county.name,
            state: county.state,
            status: rng.chance(0.9) ? 'active' : 'paused',
            pending: false,
            paused_until: null,
            call_price_cents: callPrice,
            form_price_cents: Math.round((callPrice * 0.6) / 100) * 100,
            is_target: !noneTargeted,
            position,
          });
          county.zips.forEach(([zipcode, place], i) => {
            const targeted = !noneTargeted && (position === 0 ? i < 2 || rng.chance(0.85) : rng.chance(0.6));
            zipRows.push({ county_id: countyId, campaign_id: id, zipcode, targeted });
            if (targeted) zips.push({ zipcode, city: place, state: county.state });
          });
        });
        if (zips.length === 0) zips.push({ zipcode: city.zipcode, city: city.city, state: city.state });

        if (media === 'calls') {
          const allDay = rng.chance(0.2);
          WEEKDAYS.forEach((day, weekday) => {
            const weekend = weekday >= 5;
            const open = allDay || weekday < 6 || rng.chance(0.3);
            scheduleRows.push({
              campaign_id: id,
              weekday,
              day,
              is_opened: open,
              is_24_hours: allDay,
              from: open && !allDay ? (weekend ? '08:00' : '07:00') : null,
              to: open && !allDay ? (weekend ? '14:00' : '19:00') : null,
            });
          });
        }

        historyRows.push(...statusHistory(rng, id, customer.user_id, createdAt, today, pausedFrom, pending));
        out.push({ id, customer, account, accountIndex, plan, city, zips, pausedFrom });
      }
    });
  }

  await bulkInsert(db, campaigns, rows);
  await bulkInsert(db, campaignProviders, providerRows);
  await bulkInsert(db, campaignCounties, countyRows);
  await bulkInsert(db, campaignZipcodes, zipRows);
  await bulkInsert(db, campaignSchedules, scheduleRows);
  await bulkInsert(db, campaignStatusHistory, historyRows);
  return out;
}

const PAUSES = [3, 12, 24, 48, 72, 168];

function statusHistory(
  rng: Rng,
  campaignId: number,
  userId: number,
  createdAt: Date,
  today: Date,
  pausedFrom: Date | null,
  pending: boolean,
) {
  const rows: (typeof campaignStatusHistory.$inferInsert)[] = [];
  const entry = (status: string, at: Date, source: string, pause: number | null) =>
    rows.push({
      campaign_id: campaignId,
      county_id: null,
      status,
      pause_duration: pause,
      paused_until: pause ? new Date(at.getTime() + pause * 3600_000) : null,
      source,
      user_id: source === 'user' ? userId : null,
      created_at: at,
    });
  entry('active', createdAt, 'account_manager', null);
  // A few timed pauses in the past (a crew out sick, a holiday week), each resumed by the system.
  const span = (today.getTime() - createdAt.getTime()) / DAY_MS;
  const pauses = rng.int(0, 3);
  const marks = Array.from({ length: pauses }, () => rng.int(20, Math.max(21, Math.floor(span) - 60))).sort(
    (a, b) => a - b,
  );
  for (const mark of marks) {
    const at = new Date(createdAt.getTime() + mark * DAY_MS + rng.int(13, 22) * 3600_000);
    const hours = rng.pick(PAUSES);
    entry('paused', at, 'user', hours);
    entry('active', new Date(at.getTime() + hours * 3600_000), 'system', null);
  }
  if (pausedFrom) entry('paused', new Date(pausedFrom.getTime() + 15 * 3600_000), 'user', null);
  if (pending) entry('paused', new Date(today.getTime() - 2 * 3600_000), 'user', 24);
  return rows;
}
