/**
 * Creating a campaign (spec part 2 "Campaign creation"): the services an account may run, the
 * counties it may target (the account's state, from the geography tables, priced by the
 * service's price category), and the new campaign itself with its counties and targeted zips.
 *
 * - Only organizations whose settings allow can_create_campaign may create (else 403-like 422).
 * - Zips must be real zips of the geography; every county touched becomes a targeted county
 *   with exactly the chosen zips targeted. The new campaign is a pay-per-call campaign with the
 *   calls flags (status toggles, locations and schedule tabs).
 */
import { and, asc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type CampaignLocation,
  LOCATIONS_PAGE_SIZE,
  type LocationsResponse,
} from '../../../src/api/contracts/campaigns';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { campaignCounties, campaigns, campaignZipcodes } from '../../db/schema/campaigns';
import { organizationSettings, priceCategories, services } from '../../db/schema/catalog';
import { geoCounties, geoZipcodes } from '../../db/schema/geo';
import { accounts } from '../../db/schema/shell';
import { now as clockNow, nowMs } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import { orgToday } from '../account/org-today';
import { likePattern } from '../leads/leads-filters';

export async function findCampaignByRef(db: Db, organizationId: number, refId: string): Promise<number> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
    .where(and(eq(campaigns.ref_id, refId), eq(accounts.organization_id, organizationId)));
  if (!row) throw notFound('Campaign not found');
  return row.id;
}

/** The organization's account by ref id on the path's platform, else 404. */
export async function ownAccount(db: Db, organizationId: number, refId: string, platform?: string) {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ref_id, refId), eq(accounts.organization_id, organizationId)));
  if (!account || (platform !== undefined && account.platform !== platform))
    throw notFound('Account not found');
  return account;
}

export async function creatableAccounts(db: Db, organizationId: number) {
  return db
    .select({ ref_id: accounts.ref_id, name: accounts.name, platform: accounts.platform })
    .from(accounts)
    .where(eq(accounts.organization_id, organizationId))
    .orderBy(asc(accounts.name));
}

export async function campaignServices(db: Db) {
  return db
    .select({ name: services.name, label: services.label })
    .from(services)
    .orderBy(asc(services.position));
}

async function priceOf(db: Db, service: string) {
  const [category] = await db.select().from(priceCategories).where(eq(priceCategories.name, service));
  const call = category
    ? Math.round((category.min_price_cents + category.max_price_cents) / 200) * 100
    : 5000;
  return { call, form: Math.round((call * 0.6) / 100) * 100 };
}

/** Counties in the account's state, cursor paged by id, optionally matching name or zip. */
export async function creatableLocations(
  db: Db,
  account: typeof accounts.$inferSelect,
  service: string,
  next?: string,
  query?: string,
): Promise<LocationsResponse> {
  const text = query?.trim();
  const matches: SQL | undefined = text
    ? sql`(${geoCounties.name} ilike ${likePattern(text)} or exists (select 1 from ${geoZipcodes} where ${geoZipcodes.county_id} = ${geoCounties.id} and ${geoZipcodes.zipcode} like ${likePattern(text)}))`
    : undefined;
  const counties = await db
    .select()
    .from(geoCounties)
    .where(
      and(
        account.state ? eq(geoCounties.state, account.state) : undefined,
        next ? gt(geoCounties.id, Number(next)) : undefined,
        matches,
      ),
    )
    .orderBy(asc(geoCounties.id))
    .limit(LOCATIONS_PAGE_SIZE);
  const zips = counties.length
    ? await db
        .select({ zipcode: geoZipcodes.zipcode, county_id: geoZipcodes.county_id })
        .from(geoZipcodes)
        .where(
          inArray(
            geoZipcodes.county_id,
            counties.map((c) => c.id),
          ),
        )
        .orderBy(asc(geoZipcodes.zipcode))
    : [];
  const price = await priceOf(db, service);
  const locations: CampaignLocation[] = counties.map((c) => ({
    id: c.id,
    name: c.name,
    state: c.state,
    status: 'active',
    pending: false,
    prices: { call: (price.call / 100).toFixed(2), form: (price.form / 100).toFixed(2) },
    zipcodes: zips.filter((z) => z.county_id === c.id).map((z) => ({ zipcode: z.zipcode, targeted: false })),
    is_target: false,
  }));
  const last = counties.at(-1);
  return { locations, next: counties.length === LOCATIONS_PAGE_SIZE && last ? String(last.id) : null };
}

export async function createCampaign(
  tx: Db,
  organizationId: number,
  platform: string,
  body: { account_id: string; service: string; locations: string[] },
): Promise<{ id: number; name: string }> {
  const [settings] = await tx
    .select({ can: organizationSettings.can_create_campaign })
    .from(organizationSettings)
    .where(eq(organizationSettings.organization_id, organizationId));
  if (!settings?.can) throw unprocessable('Your account cannot create campaigns');
  const account = await ownAccount(tx, organizationId, body.account_id, platform);
  const [service] = await tx.select().from(services).where(eq(services.name, body.service));
  if (!service) throw unprocessable({ service: ['Choose a service'] });
  const wanted = [...new Set(body.locations)];
  const zips = await tx.select().from(geoZipcodes).where(inArray(geoZipcodes.zipcode, wanted));
  if (zips.length !== wanted.length) throw unprocessable({ locations: ['Unknown zip code'] });
  const countyIds = [...new Set(zips.map((z) => z.county_id))].sort((a, b) => a - b);
  const counties = await tx.select().from(geoCounties).where(inArray(geoCounties.id, countyIds));
  const price = await priceOf(tx, service.name);
  const city = account.city ?? zips[0].city;
  const name = `${service.label} - ${city}, ${account.state ?? zips[0].state}`;
  const [created] = await tx
    .insert(campaigns)
    .values({
      account_id: account.id,
      ref_id: `CMP-new-${nowMs()}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      product: 'pay_per_call',
      product_name: 'Pay Per Call',
      media_type: 'calls',
      service: service.name,
      status: 'active',
      trigger_status: true,
      trigger_location_status: true,
      show_locations_tab: true,
      show_schedule: true,
      search_location: true,
      start_date: await orgToday(tx, organizationId),
    })
    .returning();
  await tx
    .update(campaigns)
    .set({ ref_id: `CMP-${100000 + created.id}` })
    .where(eq(campaigns.id, created.id));
  for (const [position, county] of counties.sort((a, b) => a.id - b.id).entries()) {
    const [row] = await tx
      .insert(campaignCounties)
      .values({
        campaign_id: created.id,
        name: county.name,
        state: county.state,
        call_price_cents: price.call,
        form_price_cents: price.form,
        is_target: true,
        position,
      })
      .returning({ id: campaignCounties.id });
    const all = await tx.select().from(geoZipcodes).where(eq(geoZipcodes.county_id, county.id));
    await tx.insert(campaignZipcodes).values(
      all.map((z) => ({
        county_id: row.id,
        campaign_id: created.id,
        zipcode: z.zipcode,
        targeted: wanted.includes(z.zipcode),
      })),
    );
  }
  await completeCreateCampaignTasks(tx, organizationId, account.id);
  return { id: created.id, name };
}

/**
 * A created campaign is what the overview's create_campaign task asks for: its open tasks for
 * that account (or for no account in particular) are done, whichever host created it.
 */
async function completeCreateCampaignTasks(tx: Db, organizationId: number, accountId: number) {
  await tx
    .update(activities)
    .set({ status: 'completed', klass: 'success', viewed: true, completed_at: clockNow() })
    .where(
      and(
        eq(activities.organization_id, organizationId),
        eq(activities.key, 'create_campaign'),
        ne(activities.status, 'completed'),
        or(eq(activities.account_id, accountId), isNull(activities.account_id)),
      ),
    );
}
