/**
 * The figures the performance browser tests expect, computed by the test itself with its own SQL
 * over a private copy of the seeded template the server starts from (the simulator is off, so the
 * server's data for past days stays as seeded). Never calls the report code.
 */

import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDb } from '../../server/db/client';

export type Expected = (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;

/** Opens a copy of the template; `run` gets a raw query function. */
export async function withTemplate<T>(run: (q: Expected) => Promise<T>): Promise<T> {
  const dir = join(
    resolve(import.meta.dirname, '../..'),
    '.test-data',
    `perf-expect-${randomUUID().slice(0, 8)}`,
  );
  mkdirSync(dir, { recursive: true });
  cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dir, 'pglite'), { recursive: true });
  const handle = await openDb({ dataDir: join(dir, 'pglite'), migrate: false });
  try {
    return await run(
      async (query) =>
        ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows,
    );
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const org = (email: string) => sql`(select organization_id from users where email = ${email})`;

/** Leads of a user's organization in [start, end] local days: count, calls, cost in dollars. */
export const leadFigures = (email: string, start: string, end: string, refs?: string[]) => sql`
  select count(*)::int as leads, (count(*) filter (where l.lead_type = 'Call'))::int as calls,
         coalesce(sum(l.cost_cents), 0)::int as cents
  from leads l join accounts a on a.id = l.account_id join organizations o on o.id = a.organization_id
  where a.organization_id = ${org(email)}
    and l.created_at >= (${start}::date)::timestamp at time zone o.time_zone
    and l.created_at < (${end}::date + 1)::timestamp at time zone o.time_zone
    ${
      refs
        ? sql`and a.ref_id in (${sql.join(
            refs.map((r) => sql`${r}`),
            sql`, `,
          )})`
        : sql``
    }`;

const factScope = (email: string, start: string, end: string) =>
  sql`account_id in (select id from accounts where organization_id = ${org(email)}) and date between ${start}::date and ${end}::date`;

export const paidSearchLeads = (email: string, start: string, end: string) =>
  sql`select coalesce(sum(leads), 0)::int as leads from ad_facts_daily where ${factScope(email, start, end)}`;

export const programmaticSpend = (email: string, start: string, end: string) =>
  sql`select coalesce(sum(spend_cents), 0)::int as cents from programmatic_facts_daily where ${factScope(email, start, end)}`;

export const socialFigures = (email: string, start: string, end: string) => sql`
  select coalesce(sum(impressions), 0)::int as impressions,
         (select coalesce(sum(m), 0)::int from (select max(reach) as m from social_facts_daily
            where ${factScope(email, start, end)} group by ad_id) x) as reach
  from social_facts_daily where ${factScope(email, start, end)}`;

export const revconnectLeads = (email: string, start: string, end: string) =>
  sql`select coalesce(sum(leads), 0)::int as leads from revconnect_facts_daily where ${factScope(email, start, end)}`;

export const firstLocation = (email: string) =>
  sql`select ref_id, name from accounts where organization_id = ${org(email)} order by name, id limit 1`;

/** PPC (google, bing, linkedin) clicks, impressions and leads in the range. */
export const ppcFigures = (email: string, start: string, end: string) => sql`
  select coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(impressions), 0)::int as impressions,
         coalesce(sum(leads), 0)::int as leads
  from ad_facts_daily
  where ${factScope(email, start, end)} and provider in ('google', 'bing', 'linkedin')`;

/** Social impressions of one platform in the range. */
export const socialImpressionsOn = (email: string, start: string, end: string, provider: string) => sql`
  select coalesce(sum(impressions), 0)::int as impressions
  from social_facts_daily where ${factScope(email, start, end)} and provider = ${provider}`;

/** Leads and clicks per device type (PPC = google, bing, linkedin; or LSA) in the range. */
export const deviceFigures = (email: string, start: string, end: string, provider: 'ppc' | 'lsa') => sql`
  select d.device, d.label, coalesce(sum(f.leads), 0)::int as leads, coalesce(sum(f.clicks), 0)::int as clicks
  from (values ('desktop', 'Computers', 1), ('mobile', 'Mobile Devices', 2), ('tablet', 'Tablets', 3),
               ('other', 'Other', 4)) as d (device, label, position)
  left join ad_facts_daily f on f.device = d.device and ${factScope(email, start, end)}
    and ${provider === 'lsa' ? sql`f.provider = 'lsa'` : sql`f.provider in ('google', 'bing', 'linkedin')`}
  group by d.device, d.label, d.position order by d.position`;

/** PPC and LSA leads and cost per location (name order), as the Search Location Breakdown. */
export const searchLocationFigures = (email: string, start: string, end: string) => sql`
  select a.name, coalesce(sum(f.leads), 0)::int as leads, coalesce(sum(f.cost_cents), 0)::int as cents
  from accounts a
  left join ad_facts_daily f on f.account_id = a.id and f.date between ${start}::date and ${end}::date
  where a.organization_id = ${org(email)}
  group by a.id, a.name order by a.name, a.id`;

/** The franchise's social ads with a thumbnail active in the range. */
export const socialThumbnails = (email: string, start: string, end: string) => sql`
  select distinct s.ad_thumbnail from social_ads s
  where s.id in (select ad_id from social_facts_daily where ${factScope(email, start, end)})
    and s.ad_thumbnail is not null`;
