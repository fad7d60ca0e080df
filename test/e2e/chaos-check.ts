/**
 * The chaos test's verdict, read from the server's database once the page's outbox is empty:
 * every Idempotency-Key the proxy saw has its one record (none lost), every presign its one file,
 * and each effect is there once (applied twice would show as a second history row, a version one
 * step too far, a review updated after it was made). Answers a one-line summary of what it counted.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Delivery } from './chaos-faults';

type Sql = (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;

export type ChaosFacts = {
  userId: number;
  deliveries: Delivery[];
  leadIds: number[];
  pausedCampaign: number;
  scheduledCampaign: number;
  readMessages: string[];
  areaTitle: string;
  /** When the run started: the seeded history before it is not the run's. */
  since: Date;
};

/** Versions start at 1 and a save moves one on; the run saves each of these records once. */
const ONE_SAVE = 2;

export async function chaosCheck(
  read: (check: (query: Sql) => Promise<void>) => Promise<void>,
  facts: ChaosFacts,
): Promise<string> {
  let summary = '';
  await read(async (query) => {
    const keyed = new Map<string, string>();
    for (const d of facts.deliveries) if (d.kind !== 'upload PUT') keyed.set(d.key, d.kind);
    const scope = `user:${facts.userId}`;
    const records = new Map(
      (
        await query(
          sql`select key, count(*)::int as n from idempotency_keys where scope = ${scope} group by key`,
        )
      ).map((r) => [String(r.key), Number(r.n)]),
    );
    const presignKeys = [...keyed].filter(([, kind]) => kind === 'upload presign').map(([key]) => key);
    const filesByKey = new Map(
      (
        await query(
          sql`select presign_key, count(*)::int as n, bool_and(uploaded_at is not null) as uploaded
              from files where presign_key in ${
                presignKeys.length
                  ? sql`(${sql.join(
                      presignKeys.map((k) => sql`${k}`),
                      sql`, `,
                    )})`
                  : sql`('')`
              }
              group by presign_key`,
        )
      ).map((r) => [String(r.presign_key), { n: Number(r.n), uploaded: r.uploaded === true }]),
    );
    const missing: string[] = [];
    for (const [key, kind] of keyed) {
      if (kind === 'upload presign') {
        const file = filesByKey.get(key);
        if (file?.n !== 1 || !file.uploaded) missing.push(`${kind} ${key}: ${JSON.stringify(file ?? null)}`);
      } else if (records.get(key) !== 1) missing.push(`${kind} ${key}: ${records.get(key) ?? 0} records`);
    }
    expect(missing).toEqual([]);

    const reviews = await query(
      sql`select lead_id, created_at = updated_at as once from lead_reviews where lead_id in (${sql.join(
        facts.leadIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by lead_id`,
    );
    expect(reviews.map((r) => [Number(r.lead_id), r.once])).toEqual(facts.leadIds.map((id) => [id, true]));

    const history = await query(
      sql`select status from campaign_status_history where campaign_id = ${facts.pausedCampaign}
          and source = 'user' and county_id is null and user_id = ${facts.userId}
          and created_at >= ${facts.since.toISOString()} order by id`,
    );
    expect(history.map((r) => r.status)).toEqual(['paused', 'active']);

    const [versions] = await query(
      sql`select o.profile_version, o.paid_media_version, c.schedule_version,
            (select max(a.settings_version) from accounts a where a.organization_id = o.id) as linked_version,
            (select count(*)::int from accounts a where a.organization_id = o.id and a.settings_version > 1) as linked_saved,
            o.logo_url, (select title from service_areas s where s.organization_id = o.id limit 1) as area
          from users u join organizations o on o.id = u.organization_id, campaigns c
          where u.id = ${facts.userId} and c.id = ${facts.scheduledCampaign}`,
    );
    expect(versions).toMatchObject({
      profile_version: ONE_SAVE,
      paid_media_version: ONE_SAVE,
      schedule_version: ONE_SAVE,
      linked_version: ONE_SAVE,
      linked_saved: 1,
      area: facts.areaTitle,
    });
    const logos = await query(
      sql`select signed_id from files where purpose = 'logo' and presign_key is not null
          and organization_id = (select organization_id from users where id = ${facts.userId})`,
    );
    expect(logos).toHaveLength(1);
    expect(versions.logo_url).toBe(`/api/v1/logos/${encodeURIComponent(String(logos[0].signed_id))}`);

    const unread = await query(
      sql`select message from notifications where user_id = ${facts.userId} and not is_read`,
    );
    expect(unread).toEqual([]);
    summary =
      `${records.size} idempotency records, ${filesByKey.size} presigned file(s), ${reviews.length} reviews applied once, ` +
      `campaign ${history.map((r) => r.status).join(' then ')}, versions ${JSON.stringify(versions)}, 0 unread`;
  });
  return summary;
}
