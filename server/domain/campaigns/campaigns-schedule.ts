/**
 * A campaign's weekly call schedule (GET /campaigns/{id}/schedule, POST {product}/campaigns/{id}/
 * settings/update_schedule): one row per weekday (0 = Monday), hours in half-hour slots.
 *
 * - A campaign without stored hours answers seven closed days.
 * - An open day that is not 24 hours needs from and to, from before to; a closed or 24-hour day
 *   stores no times. Each weekday exactly once. Refusals are 422 under `schedule`.
 * - The schedule has a version (campaigns.schedule_version, raised by each save): a save made from
 *   another version is a 409 with the schedule now (lib/versions.ts). The caller holds the
 *   campaign's row lock (ownCampaign(..., true)).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ScheduleDay, ScheduleResponse, ScheduleSaveBody } from '../../../src/api/contracts/campaigns';
import type { Db } from '../../db/client';
import { campaignSchedules, campaigns } from '../../db/schema/campaigns';
import { unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';

export const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export async function loadSchedule(
  db: Db,
  campaign: typeof campaigns.$inferSelect,
): Promise<ScheduleResponse> {
  const rows = await db
    .select()
    .from(campaignSchedules)
    .where(eq(campaignSchedules.campaign_id, campaign.id))
    .orderBy(asc(campaignSchedules.weekday));
  const byDay = new Map(rows.map((r) => [r.weekday, r]));
  const schedule: ScheduleDay[] = DAY_NAMES.map((day, weekday) => {
    const row = byDay.get(weekday);
    return row
      ? { weekday, day, is_opened: row.is_opened, is_24_hours: row.is_24_hours, from: row.from, to: row.to }
      : { weekday, day, is_opened: false, is_24_hours: false, from: null, to: null };
  });
  return {
    enable_call_schedule: campaign.enable_call_schedule,
    schedule,
    version: campaign.schedule_version,
  };
}

/** 'Monday': how a refusal names the day (the words the Schedule tab uses before it queues). */
const dayLabel = (weekday: number) =>
  DAY_NAMES[weekday].charAt(0).toUpperCase() + DAY_NAMES[weekday].slice(1);

function checkDays(days: ScheduleDay[]): ScheduleDay[] {
  const seen = new Set(days.map((d) => d.weekday));
  if (seen.size !== 7) throw unprocessable({ schedule: ['Every weekday must appear once'] });
  return days
    .map((d) => {
      if (!d.is_opened || d.is_24_hours) return { ...d, day: DAY_NAMES[d.weekday], from: null, to: null };
      if (!d.from || !d.to) throw unprocessable({ schedule: [`${dayLabel(d.weekday)}: choose the hours`] });
      if (d.from >= d.to) {
        throw unprocessable({ schedule: [`${dayLabel(d.weekday)}: the start must be before the end`] });
      }
      return { ...d, day: DAY_NAMES[d.weekday] };
    })
    .sort((a, b) => a.weekday - b.weekday);
}

export async function saveSchedule(
  tx: Db,
  campaign: typeof campaigns.$inferSelect,
  body: ScheduleSaveBody,
): Promise<ScheduleResponse> {
  if (!campaign.show_schedule) throw unprocessable('This campaign has no call schedule');
  await checkVersion(body.based_on_version, campaign.schedule_version, async () => {
    const { version: _, ...now } = await loadSchedule(tx, campaign);
    return now;
  });
  const days = checkDays(body.schedule);
  await tx.delete(campaignSchedules).where(eq(campaignSchedules.campaign_id, campaign.id));
  await tx.insert(campaignSchedules).values(days.map((d) => ({ campaign_id: campaign.id, ...d })));
  const [updated] = await tx
    .update(campaigns)
    .set({
      enable_call_schedule: body.enable_call_schedule,
      schedule_version: sql`${campaigns.schedule_version} + 1`,
    })
    .where(eq(campaigns.id, campaign.id))
    .returning();
  return loadSchedule(tx, updated);
}
