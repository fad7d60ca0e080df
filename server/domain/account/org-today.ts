/**
 * The customer's "today": the calendar date in the organization's time zone at the clock's now.
 *
 * Every rule that compares a date with today (a licence or insurance expiry, a campaign's start
 * date, the SEO plan of the current quarter, renewal and onboarding tasks) takes it from here, so
 * from 7 or 8 pm Eastern until midnight a date the customer's screen calls "today" is today on the
 * server too (UTC would already be tomorrow). An organization without a zone reads as Eastern, the
 * default the table gives it.
 */
import { eq } from 'drizzle-orm';
import { todayIn } from '../../../src/lib/date-range';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/identity';
import { now } from '../../lib/clock';

/** An organization without a time zone counts its days in New York's. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export async function orgTimeZone(db: Db, organizationId: number): Promise<string> {
  const [org] = await db
    .select({ time_zone: organizations.time_zone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.time_zone || DEFAULT_TIME_ZONE;
}

/** YYYY-MM-DD in the organization's zone at `at` (the clock's now by default). */
export async function orgToday(db: Db, organizationId: number, at: Date = now()): Promise<string> {
  return todayIn(await orgTimeZone(db, organizationId), at);
}
