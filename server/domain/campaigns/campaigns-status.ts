/**
 * Pausing and activating campaigns and their counties (spec part 3 §4), and what happens after:
 *
 * - A change is applied at once (status, paused_until = now + the chosen hours) and marked
 *   pending, with a status-history row. The ad platforms confirm it shortly after: the sweep
 *   (campaigns-sweep.ts, a durable job enqueued here with the change) clears `pending`
 *   CONFIRM_MS after the change and sends a live switch_status to every user of the
 *   organization, which clears 'Pending' on their screens.
 * - A timed pause ends by itself: a sweep job due at paused_until resumes it (history source
 *   'system') and announces it the same way.
 * - A campaign's status, and each county's, has a version (status_version, raised by a database
 *   trigger whenever the status changes, also when a timed pause ends): a change made from another
 *   version is a 409 with the status now (lib/versions.ts), checked after the row is locked (the
 *   campaign's lock; the counties' FOR UPDATE). A county write is based on one version: every
 *   county it names must still be at it (the client names one county per write).
 * - Refused: a locked account or disabled campaign, no trigger_status (campaigns) or
 *   trigger_location_status (counties), a change still pending, the status it already has, or a
 *   pause without a known duration. Refusals are 422 with the message the row shows.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES,
  type CampaignLocation,
  type LocationStatusChangeBody,
  type StatusChangeBody,
  type StatusInfo,
} from '../../../src/api/contracts/campaigns';
import type { Db } from '../../db/client';
import { campaignCounties, campaignStatusHistory, campaigns } from '../../db/schema/campaigns';
import { unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';
import { assertChangeable, type OwnCampaign } from './campaigns-detail';
import { statusInfo } from './campaigns-list';
import { ownCounties, toLocations } from './campaigns-locations';
import { CONFIRM_MS, scheduleCampaignSweep } from './campaigns-sweep';

const HOUR_MS = 3_600_000;

/** The sweeps a change needs: its confirmation, and the end of a timed pause. */
async function scheduleFollowUps(tx: Db, at: Date, until: Date | null) {
  await scheduleCampaignSweep(tx, new Date(at.getTime() + CONFIRM_MS));
  if (until) await scheduleCampaignSweep(tx, until);
}

function pauseEnd(body: { status: string; pause_duration?: number }, at: Date): Date | null {
  if (body.status !== 'paused') return null;
  if (!body.pause_duration) throw unprocessable({ pause_duration: [CAMPAIGN_MESSAGES.durationRequired] });
  return new Date(at.getTime() + body.pause_duration * HOUR_MS);
}

export async function changeCampaignStatus(
  tx: Db,
  own: OwnCampaign,
  userId: number,
  body: StatusChangeBody,
  at: Date,
): Promise<{ message: string; status: StatusInfo }> {
  assertChangeable(own);
  const c = own.campaign;
  await checkVersion(body.based_on_version, c.status_version, () => ({ status: c.status }));
  if (!c.trigger_status) throw unprocessable('The status of this campaign cannot be changed here');
  if (c.pending) throw unprocessable('A status change of this campaign is still pending');
  if (c.status === body.status) throw unprocessable(`The campaign is already ${body.status}`);
  const until = pauseEnd(body, at);
  const [updated] = await tx
    .update(campaigns)
    .set({ status: body.status, pending: true, pending_status: body.status, paused_until: until })
    .where(eq(campaigns.id, c.id))
    .returning();
  await tx.insert(campaignStatusHistory).values({
    campaign_id: c.id,
    status: body.status,
    pause_duration: body.status === 'paused' ? (body.pause_duration ?? null) : null,
    paused_until: until,
    source: 'user',
    user_id: userId,
    created_at: at,
  });
  await scheduleFollowUps(tx, at, until);
  return {
    message:
      body.status === 'paused' ? CAMPAIGN_MESSAGES.campaignPaused : CAMPAIGN_MESSAGES.campaignActivated,
    status: statusInfo(updated),
  };
}

export async function changeCountyStatus(
  tx: Db,
  own: OwnCampaign,
  userId: number,
  body: LocationStatusChangeBody,
  at: Date,
): Promise<{ message: string; locations: CampaignLocation[] }> {
  assertChangeable(own);
  if (!own.campaign.trigger_location_status) {
    throw unprocessable('The status of this campaign\u2019s counties cannot be changed here');
  }
  const counties = await ownCounties(tx, own.campaign.id, body.locations);
  for (const county of counties) {
    await checkVersion(body.based_on_version, county.status_version, () => ({ status: county.status }));
  }
  if (counties.some((c) => c.pending)) throw unprocessable('A status change of this county is still pending');
  if (counties.some((c) => c.status === body.status)) {
    throw unprocessable(`The county is already ${body.status}`);
  }
  const until = pauseEnd(body, at);
  const ids = counties.map((c) => c.id);
  const updated = await tx
    .update(campaignCounties)
    .set({ status: body.status, pending: true, paused_until: until })
    .where(inArray(campaignCounties.id, ids))
    .returning();
  await tx.insert(campaignStatusHistory).values(
    ids.map((id) => ({
      campaign_id: own.campaign.id,
      county_id: id,
      status: body.status,
      pause_duration: body.status === 'paused' ? (body.pause_duration ?? null) : null,
      paused_until: until,
      source: 'user',
      user_id: userId,
      created_at: at,
    })),
  );
  await scheduleFollowUps(tx, at, until);
  return {
    message: body.status === 'paused' ? CAMPAIGN_MESSAGES.countyPaused : CAMPAIGN_MESSAGES.countyActivated,
    locations: await toLocations(
      tx,
      updated.sort((a, b) => a.id - b.id),
    ),
  };
}
