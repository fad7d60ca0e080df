/**
 * The campaigns' background work on the durable job queue (server/jobs/): `sweepCampaigns`
 * confirms pending status changes (CONFIRM_MS after they were made) and resumes timed pauses
 * whose end has passed, each announced by a live switch_status to every user of the
 * organization. A status change enqueues a 'campaign-sweep' job for when it is to be confirmed
 * and, for a pause, for when it ends (`scheduleCampaignSweep`, in the change's transaction), so
 * the work exists exactly when the change commits and survives a restart.
 *
 * - A sweep does whatever is due, so any sweep job may run any number of times (the queue's
 *   rule): a repeat finds nothing left to do.
 * - Rows are claimed with SELECT ... FOR UPDATE SKIP LOCKED inside one transaction per kind, so
 *   two server instances never confirm or resume the same campaign twice; within one process
 *   sweeps run one at a time (PGlite has one connection and no row locks between its callers).
 * - "Now" is the server clock (lib/clock.ts), so tests move time instead of waiting.
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { type Db, withTx } from '../../db/client';
import { campaignCounties, campaignStatusHistory, campaigns } from '../../db/schema/campaigns';
import { users } from '../../db/schema/identity';
import { accounts } from '../../db/schema/shell';
import { enqueueJob, registerJobHandler } from '../../jobs/queue';
import { now } from '../../lib/clock';
import type { LiveBus } from '../messaging/live-bus';

/** How long the ad platforms take to confirm a change (the time 'Pending' shows). */
export const CONFIRM_MS = 3_000;
export const CAMPAIGN_SWEEP_JOB = 'campaign-sweep';

type Deps = { db: Db; live: LiveBus };

async function announce(tx: Db, live: LiveBus, campaignId: number, status: string, countyId: number | null) {
  const members = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.organization_id, users.organization_id))
    .innerJoin(campaigns, eq(campaigns.account_id, accounts.id))
    .where(eq(campaigns.id, campaignId));
  for (const member of members) {
    await live.publish(tx, member.id, {
      message_type: 'switch_status',
      object: 'Campaign',
      id: campaignId,
      status,
      placeholder: null,
      level: countyId === null ? null : 'location',
      ...(countyId === null ? {} : { county_id: countyId }),
    });
  }
}

/** Latest history time of the campaign (or county): when its pending change was made. */
const changedAt = (countyColumn: 'campaign' | 'county') =>
  countyColumn === 'campaign'
    ? sql`coalesce((select max(${campaignStatusHistory.created_at}) from ${campaignStatusHistory} where ${campaignStatusHistory.campaign_id} = ${campaigns.id} and ${campaignStatusHistory.county_id} is null), 'epoch'::timestamptz)`
    : sql`coalesce((select max(${campaignStatusHistory.created_at}) from ${campaignStatusHistory} where ${campaignStatusHistory.county_id} = ${campaignCounties.id}), 'epoch'::timestamptz)`;

let running: Promise<unknown> = Promise.resolve();

/** One pass (after any pass still running here); answers how many it confirmed and resumed. */
export function sweepCampaigns(deps: Deps, at?: Date) {
  const pass = running.then(() => sweepOnce(deps, at ?? now()));
  running = pass.catch(() => undefined);
  return pass;
}

async function sweepOnce({ db, live }: Deps, at: Date) {
  const cutoff = new Date(at.getTime() - CONFIRM_MS);
  const done = { confirmed: 0, resumed: 0 };

  await withTx(db, async (tx) => {
    // Timed pauses that ended: active again (the change is final, nothing left pending).
    const due = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, 'paused'),
          isNotNull(campaigns.paused_until),
          lte(campaigns.paused_until, at),
        ),
      )
      .for('update', { skipLocked: true });
    if (due.length) {
      const ids = due.map((d) => d.id);
      await tx
        .update(campaigns)
        .set({ status: 'active', paused_until: null, pending: false, pending_status: null })
        .where(inArray(campaigns.id, ids));
      await tx
        .insert(campaignStatusHistory)
        .values(ids.map((id) => ({ campaign_id: id, status: 'active', source: 'system', created_at: at })));
      for (const id of ids) await announce(tx, live, id, 'active', null);
      done.resumed += ids.length;
    }
    const dueCounties = await tx
      .select({ id: campaignCounties.id, campaign_id: campaignCounties.campaign_id })
      .from(campaignCounties)
      .where(
        and(
          eq(campaignCounties.status, 'paused'),
          isNotNull(campaignCounties.paused_until),
          lte(campaignCounties.paused_until, at),
        ),
      )
      .for('update', { skipLocked: true });
    if (dueCounties.length) {
      await tx
        .update(campaignCounties)
        .set({ status: 'active', paused_until: null, pending: false })
        .where(
          inArray(
            campaignCounties.id,
            dueCounties.map((d) => d.id),
          ),
        );
      await tx.insert(campaignStatusHistory).values(
        dueCounties.map((d) => ({
          campaign_id: d.campaign_id,
          county_id: d.id,
          status: 'active',
          source: 'system',
          created_at: at,
        })),
      );
      for (const d of dueCounties) await announce(tx, live, d.campaign_id, 'active', d.id);
      done.resumed += dueCounties.length;
    }
  });

  await withTx(db, async (tx) => {
    // Changes the platforms have confirmed by now.
    const pending = await tx
      .select({ id: campaigns.id, status: campaigns.status })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.pending, true),
          sql`${changedAt('campaign')} <= ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .for('update', { skipLocked: true });
    if (pending.length) {
      await tx
        .update(campaigns)
        .set({ pending: false, pending_status: null })
        .where(
          inArray(
            campaigns.id,
            pending.map((p) => p.id),
          ),
        );
      for (const p of pending) await announce(tx, live, p.id, p.status, null);
      done.confirmed += pending.length;
    }
    const counties = await tx
      .select({
        id: campaignCounties.id,
        campaign_id: campaignCounties.campaign_id,
        status: campaignCounties.status,
      })
      .from(campaignCounties)
      .where(
        and(
          eq(campaignCounties.pending, true),
          sql`${changedAt('county')} <= ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .for('update', { skipLocked: true });
    if (counties.length) {
      await tx
        .update(campaignCounties)
        .set({ pending: false })
        .where(
          inArray(
            campaignCounties.id,
            counties.map((c) => c.id),
          ),
        );
      for (const c of counties) await announce(tx, live, c.campaign_id, c.status, c.id);
      done.confirmed += counties.length;
    }
  });
  return done;
}

/** Asks for a sweep at `runAt` (a change to confirm, a pause that ends), in the caller's transaction. */
/** Queues a sweep at `runAt` (by default now, on the server's clock). */
export async function scheduleCampaignSweep(db: Db, runAt: Date = now()) {
  await enqueueJob(db, { kind: CAMPAIGN_SWEEP_JOB, payload: {}, runAt });
}

registerJobHandler(CAMPAIGN_SWEEP_JOB, async (_payload, { db, live }) => {
  await sweepCampaigns({ db, live });
});
