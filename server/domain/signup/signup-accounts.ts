/**
 * Linked accounts made during sign-up (the legacy flow's first account, an account added from
 * Linked Accounts) and the place fields parsed from an address as the autocomplete writes it,
 * with, for the organization, the time zone of that place (data/us-zones.ts): an Austin business
 * reads its times in Central from its first screen.
 */
import { eq, sql } from 'drizzle-orm';
import { zoneOfPlace } from '../../data/us-zones';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/shell';

const PLATFORM_PREFIX: Record<string, string> = { live: 'LIVE', direct: 'DIR' };

/** A new linked account of the organization (ref id in the demo data's style). */
export async function addLinkedAccount(
  tx: Db,
  orgId: number,
  input: {
    platform: string;
    name: string;
    username: string | null;
    settings?: Record<string, string | null>;
  },
) {
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.organization_id, orgId));
  const prefix = PLATFORM_PREFIX[input.platform] ?? input.platform.toUpperCase();
  const [row] = await tx
    .insert(accounts)
    .values({
      organization_id: orgId,
      platform: input.platform,
      brand: input.platform,
      ref_id: `${prefix}-${orgId}${String(count + 1).padStart(3, '0')}`,
      name: input.name,
      username: input.username,
      settings: input.settings ?? {},
    })
    .returning();
  return row;
}

export const linkedAccountAnswer = (row: typeof accounts.$inferSelect) => ({
  ref_id: row.ref_id,
  platform: row.platform,
  brand: row.brand,
  name: row.name,
  username: row.username,
  status: row.status,
});

/** City, state and ZIP from an address as the autocomplete writes it ('..., Austin, TX 78701, USA'). */
export function placeOf(address: string): {
  city: string | null;
  state: string | null;
  zipcode: string | null;
} {
  const match = /(?:^|,)\s*([^,]+),\s*([A-Z]{2})\s+(\d{5})(?:-\d{4})?(?:,\s*USA)?\s*$/.exec(address.trim());
  return match
    ? { city: match[1].trim(), state: match[2], zipcode: match[3] }
    : { city: null, state: null, zipcode: null };
}

/**
 * The organization's place fields from its address, with the place's time zone when the address
 * names a US state; an address that does not parse leaves the zone as it is.
 */
export function orgPlaceOf(address: string) {
  const place = placeOf(address);
  const zone = zoneOfPlace(place);
  return zone ? { ...place, time_zone: zone } : place;
}
