/**
 * GET /user/settings: what the shell needs after sign-in (spec part 1 §3 "User settings
 * response"): tabs, platforms, review reasons, time zone, media types and RevConnect visibility.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns } from '../db/schema/campaigns';
import { reviewTypes } from '../db/schema/catalog';
import { organizations } from '../db/schema/identity';
import { accounts } from '../db/schema/shell';
import { loadSessionUser, loadTabs } from '../domain/users';
import { unauthorized } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import type { RouteDeps } from './deps';

export async function userRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/user/settings', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    const loaded = await loadSessionUser(db, caller.userId);
    if (!loaded) throw unauthorized();
    const [org] = await db.select().from(organizations).where(eq(organizations.id, caller.organizationId));
    const [types, media] = await Promise.all([
      db.select().from(reviewTypes).orderBy(asc(reviewTypes.position), asc(reviewTypes.id)),
      db
        .selectDistinct({ media_type: campaigns.media_type })
        .from(campaigns)
        .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
        .where(eq(accounts.organization_id, caller.organizationId))
        .orderBy(asc(campaigns.media_type)),
    ]);
    return {
      tabs: await loadTabs(db, caller.userId),
      platforms: loaded.user.platforms,
      review_types: types.map((t) => ({ id: t.id, key: t.key, name: t.label })),
      time_zone: org.time_zone,
      providers: media,
      show_revconnect: org.show_revconnect,
    };
  });
}
