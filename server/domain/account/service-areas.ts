/**
 * The caller's service area (spec part 2 §3 "Service area location", §5, §9): which zip codes it
 * serves, searched county by county, selected and unselected zip by zip, then named.
 *
 * - Until the organization has saved an area, its area is the default: the zip codes within 30
 *   miles of the business (its zip code, else the first zip code of its state). The first change
 *   stores that default, then applies the change.
 * - Counties offered: those of the organization's state and those holding a selected zip code;
 *   selected counties first, then by name; offset paged by SERVICE_AREA_PAGE_SIZE.
 * - Naming needs a selected zip code ('Please select at least one ZIP code') and completes the
 *   service_areas task named by activity_id.
 */
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type AreaLocationsResponse,
  DEFAULT_RADIUS_MILES,
  SERVICE_AREA_MESSAGES,
  SERVICE_AREA_PAGE_SIZE,
  type ServiceAreaFormBody,
} from '../../../src/api/contracts/service-areas';
import type { Db } from '../../db/client';
import { serviceAreas, serviceAreaZipcodes } from '../../db/schema/activity-records';
import { geoCounties, geoZipcodes } from '../../db/schema/geo';
import { organizations } from '../../db/schema/identity';
import { now as clockNow } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { completeActivity } from '../activities/activities';
import { likePattern } from '../leads/leads-filters';

const EARTH_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
/** Great-circle distance in miles. */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.sqrt(h));
}

async function orgOf(db: Db, organizationId: number) {
  const [org] = await db
    .select({ state: organizations.state, zipcode: organizations.zipcode })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org ?? { state: null, zipcode: null };
}

/** The zip codes within DEFAULT_RADIUS_MILES of the business. */
async function defaultZips(db: Db, org: { state: string | null; zipcode: string | null }): Promise<string[]> {
  const pool = await db
    .select({ zipcode: geoZipcodes.zipcode, lat: geoZipcodes.latitude, lng: geoZipcodes.longitude })
    .from(geoZipcodes)
    .where(org.state ? eq(geoZipcodes.state, org.state) : undefined)
    .orderBy(asc(geoZipcodes.zipcode));
  let center = pool.find((z) => z.zipcode === org.zipcode);
  if (!center && org.zipcode) {
    const [own] = await db
      .select({ zipcode: geoZipcodes.zipcode, lat: geoZipcodes.latitude, lng: geoZipcodes.longitude })
      .from(geoZipcodes)
      .where(eq(geoZipcodes.zipcode, org.zipcode));
    center = own;
  }
  center ??= pool[0];
  if (!center) return [];
  const from = center;
  return pool.filter((z) => milesBetween(from, z) <= DEFAULT_RADIUS_MILES).map((z) => z.zipcode);
}

async function areaOf(db: Db, organizationId: number) {
  const [area] = await db.select().from(serviceAreas).where(eq(serviceAreas.organization_id, organizationId));
  return area ?? null;
}

/** The selected zip codes: the stored area's, or the default while none is stored. */
async function selectedZips(db: Db, organizationId: number) {
  const area = await areaOf(db, organizationId);
  if (!area) return { area, zips: await defaultZips(db, await orgOf(db, organizationId)) };
  const rows = await db
    .select({ zipcode: serviceAreaZipcodes.zipcode })
    .from(serviceAreaZipcodes)
    .where(and(eq(serviceAreaZipcodes.service_area_id, area.id), eq(serviceAreaZipcodes.selected, true)));
  return { area, zips: rows.map((r) => r.zipcode) };
}

export async function searchAreaLocations(
  db: Db,
  organizationId: number,
  options: { next?: string; query?: string; selectedOnly: boolean },
): Promise<AreaLocationsResponse> {
  const org = await orgOf(db, organizationId);
  const { area, zips } = await selectedZips(db, organizationId);
  const selected = new Set(zips);
  const selectedCounties = zips.length
    ? (
        await db
          .selectDistinct({ id: geoZipcodes.county_id })
          .from(geoZipcodes)
          .where(inArray(geoZipcodes.zipcode, zips))
      ).map((r) => r.id)
    : [];
  const inSelected: SQL = selectedCounties.length ? inArray(geoCounties.id, selectedCounties) : sql`false`;
  const text = options.query?.trim();
  const matches: SQL | undefined = text
    ? sql`(${geoCounties.name} ilike ${likePattern(text)} or exists (select 1 from ${geoZipcodes} where ${geoZipcodes.county_id} = ${geoCounties.id} and ${geoZipcodes.zipcode} like ${likePattern(text)}))`
    : undefined;
  const offset = Number(options.next ?? 0);
  const counties = await db
    .select({ id: geoCounties.id, name: geoCounties.name, state: geoCounties.state })
    .from(geoCounties)
    .where(
      and(
        options.selectedOnly
          ? inSelected
          : or(org.state ? eq(geoCounties.state, org.state) : undefined, inSelected),
        matches,
      ),
    )
    .orderBy(sql`case when ${inSelected} then 0 else 1 end`, asc(geoCounties.name), asc(geoCounties.id))
    .limit(SERVICE_AREA_PAGE_SIZE)
    .offset(offset);
  const countyZips = counties.length
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
  const locations = counties.map((c) => {
    const zipcodes = countyZips
      .filter((z) => z.county_id === c.id)
      .map((z) => ({ zipcode: z.zipcode, selected: selected.has(z.zipcode) }));
    return { name: `${c.name}, ${c.state}`, selected: zipcodes.some((z) => z.selected), zipcodes };
  });
  return {
    locations,
    next: counties.length === SERVICE_AREA_PAGE_SIZE ? String(offset + SERVICE_AREA_PAGE_SIZE) : null,
    has_selected_county: selectedCounties.length > 0,
    existing_user: area !== null,
  };
}

/** The stored area, created with the default selection on first use. */
async function ensureArea(tx: Db, organizationId: number): Promise<number> {
  const existing = await areaOf(tx, organizationId);
  if (existing) return existing.id;
  const zips = await defaultZips(tx, await orgOf(tx, organizationId));
  const [created] = await tx.insert(serviceAreas).values({ organization_id: organizationId }).returning();
  if (zips.length) {
    await tx
      .insert(serviceAreaZipcodes)
      .values(zips.map((zipcode) => ({ service_area_id: created.id, zipcode, selected: true })));
  }
  return created.id;
}

/** Selects (or unselects) zip codes of the area; a zip code the map does not know is a 422. */
export async function setAreaZips(tx: Db, organizationId: number, zips: string[], selected: boolean) {
  const unique = [...new Set(zips)];
  const known = await tx
    .select({ zipcode: geoZipcodes.zipcode })
    .from(geoZipcodes)
    .where(inArray(geoZipcodes.zipcode, unique));
  if (known.length !== unique.length) throw unprocessable({ locations: ['Unknown zip code'] });
  const areaId = await ensureArea(tx, organizationId);
  await tx
    .insert(serviceAreaZipcodes)
    .values(unique.map((zipcode) => ({ service_area_id: areaId, zipcode, selected })))
    .onConflictDoUpdate({
      target: [serviceAreaZipcodes.service_area_id, serviceAreaZipcodes.zipcode],
      set: { selected },
    });
  await tx.update(serviceAreas).set({ updated_at: clockNow() }).where(eq(serviceAreas.id, areaId));
  return { message: selected ? SERVICE_AREA_MESSAGES.added : SERVICE_AREA_MESSAGES.removed };
}

export async function loadServiceArea(db: Db, organizationId: number) {
  const area = await areaOf(db, organizationId);
  return { service_area: area ? { title: area.title } : null };
}

/** Names the area (a selection must be present) and completes its task. */
export async function saveServiceArea(tx: Db, organizationId: number, body: ServiceAreaFormBody) {
  const areaId = await ensureArea(tx, organizationId);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceAreaZipcodes)
    .where(and(eq(serviceAreaZipcodes.service_area_id, areaId), eq(serviceAreaZipcodes.selected, true)));
  if (!count || Number(count.n) === 0) throw unprocessable(SERVICE_AREA_MESSAGES.noZip);
  const title = body.title.trim();
  await tx.update(serviceAreas).set({ title, updated_at: clockNow() }).where(eq(serviceAreas.id, areaId));
  await completeActivity(tx, organizationId, body.activity_id, ['service_areas']);
  return { message: SERVICE_AREA_MESSAGES.saved, service_area: { title } };
}
