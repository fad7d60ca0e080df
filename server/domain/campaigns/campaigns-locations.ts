/**
 * A campaign's counties ("locations"): cursor-paged lists and search (a page of fewer than 10
 * ends the list; the cursor is the last county's id), and targeting a county by its zip codes.
 *
 * - Targeting names zips: every county touched by the list gets exactly those zips targeted
 *   (the others untargeted) and becomes a target. A zip that is not one of this campaign's
 *   counties is refused (422); so is an empty list ('Unable to target location with no zipcodes').
 * - Each county's targeting has a version (target_version, raised by every targeting that touches
 *   it): a targeting made from another version is a 409 with the county's targeted zips now
 *   (lib/versions.ts), checked after the counties are locked. Every county touched must be at it
 *   (the client targets one county per write).
 */
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES,
  type CampaignLocation,
  LOCATIONS_PAGE_SIZE,
  type LocationsResponse,
} from '../../../src/api/contracts/campaigns';
import type { Db } from '../../db/client';
import { campaignCounties, campaignZipcodes } from '../../db/schema/campaigns';
import { unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';
import { likePattern } from '../leads/leads-filters';

type County = typeof campaignCounties.$inferSelect;

export async function toLocations(db: Db, counties: County[]): Promise<CampaignLocation[]> {
  if (!counties.length) return [];
  const zips = await db
    .select()
    .from(campaignZipcodes)
    .where(
      inArray(
        campaignZipcodes.county_id,
        counties.map((c) => c.id),
      ),
    )
    .orderBy(asc(campaignZipcodes.zipcode));
  return counties.map((c) => ({
    id: c.id,
    name: c.name,
    state: c.state,
    status: c.status === 'paused' ? 'paused' : 'active',
    pending: c.pending,
    prices: { call: (c.call_price_cents / 100).toFixed(2), form: (c.form_price_cents / 100).toFixed(2) },
    zipcodes: zips
      .filter((z) => z.county_id === c.id)
      .map((z) => ({ zipcode: z.zipcode, targeted: z.targeted })),
    is_target: c.is_target,
    status_version: c.status_version,
    target_version: c.target_version,
  }));
}

/** One page of the campaign's counties after the cursor, optionally matching a search. */
export async function pageLocations(
  db: Db,
  campaignId: number,
  next: string | undefined,
  search?: string,
): Promise<LocationsResponse> {
  const text = search?.trim();
  const matches: SQL | undefined = text
    ? or(
        sql`${campaignCounties.name} ilike ${likePattern(text)}`,
        sql`${campaignCounties.state} ilike ${likePattern(text)}`,
        sql`exists (select 1 from ${campaignZipcodes} where ${campaignZipcodes.county_id} = ${campaignCounties.id} and ${campaignZipcodes.zipcode} like ${likePattern(text)})`,
      )
    : undefined;
  const counties = await db
    .select()
    .from(campaignCounties)
    .where(
      and(
        eq(campaignCounties.campaign_id, campaignId),
        next ? gt(campaignCounties.id, Number(next)) : undefined,
        matches,
      ),
    )
    .orderBy(asc(campaignCounties.id))
    .limit(LOCATIONS_PAGE_SIZE);
  const locations = await toLocations(db, counties);
  const last = counties.at(-1);
  return { locations, next: counties.length === LOCATIONS_PAGE_SIZE && last ? String(last.id) : null };
}

/** The zips of a county that its targeting names now (none while it is not a target). */
async function targetedZips(db: Db, county: County): Promise<string[]> {
  if (!county.is_target) return [];
  const rows = await db
    .select({ zipcode: campaignZipcodes.zipcode })
    .from(campaignZipcodes)
    .where(and(eq(campaignZipcodes.county_id, county.id), eq(campaignZipcodes.targeted, true)))
    .orderBy(asc(campaignZipcodes.zipcode));
  return rows.map((r) => r.zipcode);
}

/**
 * Targets the counties the zips belong to with exactly these zips; answers the first county.
 * `basedOn`: the target version the zips were chosen on (none: applies as before).
 */
export async function targetZipcodes(
  db: Db,
  campaignId: number,
  zips: string[],
  basedOn?: number,
): Promise<CampaignLocation> {
  const wanted = [...new Set(zips)];
  if (!wanted.length) throw unprocessable({ locations: [CAMPAIGN_MESSAGES.noZipcodes] });
  const found = await db
    .select({ county_id: campaignZipcodes.county_id, zipcode: campaignZipcodes.zipcode })
    .from(campaignZipcodes)
    .where(and(eq(campaignZipcodes.campaign_id, campaignId), inArray(campaignZipcodes.zipcode, wanted)));
  const known = new Set(found.map((f) => f.zipcode));
  const unknown = wanted.filter((z) => !known.has(z));
  if (unknown.length)
    throw unprocessable({ locations: [`Not a zip code of this campaign: ${unknown.join(', ')}`] });
  const countyIds = [...new Set(found.map((f) => f.county_id))].sort((a, b) => a - b);
  for (const county of await ownCounties(db, campaignId, countyIds)) {
    await checkVersion(basedOn, county.target_version, async () => ({
      locations: await targetedZips(db, county),
    }));
  }
  for (const countyId of countyIds) {
    await db
      .update(campaignZipcodes)
      .set({
        targeted: sql`${campaignZipcodes.zipcode} in (${sql.join(
          wanted.map((z) => sql`${z}`),
          sql`, `,
        )})`,
      })
      .where(eq(campaignZipcodes.county_id, countyId));
    await db
      .update(campaignCounties)
      .set({ is_target: true, target_version: sql`${campaignCounties.target_version} + 1` })
      .where(eq(campaignCounties.id, countyId));
  }
  const counties = await db.select().from(campaignCounties).where(eq(campaignCounties.id, countyIds[0]));
  const [location] = await toLocations(db, counties);
  return location;
}

/** The campaign's counties with these ids (all must be its own, else 404-like 422). */
export async function ownCounties(db: Db, campaignId: number, ids: number[]): Promise<County[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(campaignCounties)
    .where(and(eq(campaignCounties.campaign_id, campaignId), inArray(campaignCounties.id, unique)))
    .orderBy(asc(campaignCounties.id))
    .for('update');
  if (rows.length !== unique.length) throw unprocessable({ locations: ['Not a location of this campaign'] });
  return rows;
}
