/**
 * Sessions and the identities behind them: opening one (a random token, only its SHA-256 kept),
 * revoking it, checking it is still live (the live stream re-checks), finding a user by email
 * for sign-in, starting an impersonation from a verified pass (its nonce used once), and what
 * the auth plugin needs per request (the session by token hash, the idle touch, the audit row).
 */

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, withTx } from '../../db/client';
import { auditLog, becomeNonces, organizations, sessions, staff, users } from '../../db/schema/identity';
import { now, nowMs } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import { removeSessionSubscriptions } from '../messaging/push';
import type { BecomeClaims } from './become';

export async function openUserSession(tx: Db, userId: number, impersonatorId: number | null, hours: number) {
  const token = newToken();
  const [row] = await tx
    .insert(sessions)
    .values({
      user_id: userId,
      token_hash: sha256(token),
      impersonator_id: impersonatorId,
      expires_at: new Date(nowMs() + hours * 3600_000),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revoked_at: now() }).where(eq(sessions.id, sessionId));
  // Signed out on that device: its push subscriptions stop getting this user's notifications.
  await removeSessionSubscriptions(db, sessionId);
}

/** Not revoked and not past its absolute expiry. */
export async function sessionIsLive(db: Db, sessionId: number): Promise<boolean> {
  const [valid] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at), gt(sessions.expires_at, now())));
  return Boolean(valid);
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

/**
 * An 8-hour session on the customer's account for the staff member of a verified pass; null when
 * the staff member or customer is unknown or the pass's nonce was already used.
 */
export async function startImpersonation(db: Db, claims: BecomeClaims) {
  return withTx(db, async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.email, claims.staff));
    const [user] = await tx.select().from(users).where(eq(users.email, claims.email));
    if (!member || !user) return null;
    const used = await tx
      .insert(becomeNonces)
      .values({ nonce: claims.nonce, staff_id: member.id })
      .onConflictDoNothing()
      .returning();
    if (used.length === 0) return null;
    const session = await openUserSession(tx, user.id, member.id, 8);
    // The impersonation itself is the first line of its audit trail (the request is anonymous, so
    // the per-request audit of plugins/auth.ts cannot see it), written with the session or not at all.
    await writeAudit(tx, {
      staff_id: member.id,
      user_id: user.id,
      session_id: session.sessionId,
      method: 'POST',
      path: '/api/v1/client/become',
      status: 200,
    });
    return { token: session.token, userId: user.id, staffId: member.id };
  });
}

/** The open session by token hash, with what every request needs of its user and of the
 *  organization (time zone, RevConnect, and the versions that key what lib/version-cache.ts holds),
 *  in one statement; null when there is none. Every request runs it, so it is built once per
 *  database and prepared (building a drizzle query cost more CPU than running it), and it reads
 *  only the columns the caller is made of (each column returned is parsed and mapped again). */
export async function findOpenSession(db: Db, tokenHash: string) {
  let query = openSessionQueries.get(db);
  if (!query) {
    query = openSessionQuery(db);
    openSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

const openSessionQuery = (db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.user_id,
      impersonatorId: sessions.impersonator_id,
      lastSeenAt: sessions.last_seen_at,
      expiresAt: sessions.expires_at,
      organizationId: users.organization_id,
      email: users.email,
      isSocius: users.is_socius,
      timeZone: organizations.time_zone,
      showRevconnect: organizations.show_revconnect,
      leadsVersion: organizations.leads_version,
      settingsVersion: organizations.settings_version,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(organizations, eq(organizations.id, users.organization_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), isNull(sessions.revoked_at)))
    .limit(1)
    .prepare('find_open_session');
const openSessionQueries = new WeakMap<Db, ReturnType<typeof openSessionQuery>>();

export async function touchSession(db: Db, sessionId: number, at: Date) {
  await db.update(sessions).set({ last_seen_at: at }).where(eq(sessions.id, sessionId));
}

/** One request made while impersonating, with both identities. */
export async function writeAudit(db: Db, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}
