/**
 * Sign-in, sign-out, registration-token authentication and impersonation (spec part 1 §7).
 * A wrong password is a 422 with an errors string, never a 401: the client treats 401 as an
 * expired session.
 */
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BecomeBody, CreateSessionBody } from '../../src/api/contracts/session';
import type { Db } from '../db/client';
import { becomeNonces, registrationTokens, sessions, staff, users } from '../db/schema/identity';
import { verifyBecome } from '../domain/become';
import { assertNotLimited, recordAttempt } from '../domain/rate-limit';
import { loadSessionUser, loadTabs, normaliseEmail } from '../domain/users';
import { newToken, sha256 } from '../lib/crypto';
import { parse, unprocessable } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import type { RouteDeps } from './deps';

const INVALID_LOGIN = 'Invalid email or password';
// Verifying against this keeps the answer time the same whether or not the email exists.
const dummyHash = hash('not-a-real-password-0!');

export async function sessionRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, config } = deps;

  async function openSession(tx: Db, userId: number, impersonatorId: number | null, hours: number) {
    const token = newToken();
    const [row] = await tx
      .insert(sessions)
      .values({
        user_id: userId,
        token_hash: sha256(token),
        impersonator_id: impersonatorId,
        expires_at: new Date(Date.now() + hours * 3600_000),
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row.id };
  }

  app.post('/client/create_session', async (request) => {
    const body = parse(CreateSessionBody, request.body);
    const email = normaliseEmail(body.email);
    await assertNotLimited(db, config, 'sign_in', email, request.ip);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const ok = await verify(user?.password_hash ?? (await dummyHash), body.password).catch(() => false);
    if (!user?.password_hash || !ok) {
      await recordAttempt(db, 'sign_in', email, request.ip, false);
      throw unprocessable(INVALID_LOGIN);
    }
    await recordAttempt(db, 'sign_in', email, request.ip, true);
    const { token } = await openSession(db, user.id, null, config.session.absoluteHours);
    const loaded = await loadSessionUser(db, user.id);
    return {
      token,
      user_id: user.id,
      user: loaded!.user,
      business_profile: loaded!.business_profile,
      show_ad: user.show_ad,
      ad_type: user.show_ad ? ((user.ad_type as 'ad_0' | 'ad_1' | null) ?? 'ad_0') : null,
      tabs: await loadTabs(db, user.id),
    };
  });

  app.post('/client/end_session', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, caller.sessionId));
    return { message: 'Logout Successful' };
  });

  /** Registration token (Basic auth) -> a session for continuing sign-up at step 2. */
  app.post('/client/authenticate', async (request) => {
    const token = basicToken(request);
    if (!token) throw unprocessable('This registration link is invalid');
    const [row] = await db
      .select()
      .from(registrationTokens)
      .where(
        and(
          eq(registrationTokens.token_hash, sha256(token)),
          isNull(registrationTokens.used_at),
          gt(registrationTokens.expires_at, new Date()),
        ),
      );
    if (!row) throw unprocessable('This registration link is invalid or has expired');
    const loaded = await loadSessionUser(db, row.user_id);
    if (!loaded) throw unprocessable('This registration link is invalid or has expired');
    const session = await openSession(db, row.user_id, null, config.session.absoluteHours);
    return {
      payload: { token: session.token, user_id: row.user_id, email: loaded.row.user.email },
      user: loaded.user,
      org: { id: loaded.row.org.id, name: loaded.row.org.name },
    };
  });

  app.post('/client/become', async (request) => {
    const body = parse(BecomeBody, request.body);
    const claims = verifyBecome(deps.becomeSecret, body.ed, body.email);
    const refused = 'This impersonation link is invalid or has expired';
    if (!claims) throw unprocessable(refused);
    const result = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [member] = await tx.select().from(staff).where(eq(staff.email, claims.staff));
      const [user] = await tx.select().from(users).where(eq(users.email, claims.email));
      if (!member || !user) throw unprocessable(refused);
      const used = await tx
        .insert(becomeNonces)
        .values({ nonce: claims.nonce, staff_id: member.id })
        .onConflictDoNothing()
        .returning();
      if (used.length === 0) throw unprocessable(refused);
      const session = await openSession(tx, user.id, member.id, 8);
      return { token: session.token, userId: user.id, staffId: member.id };
    });
    request.log.info({ staff: result.staffId, user: result.userId }, 'impersonation started');
    const loaded = await loadSessionUser(db, result.userId);
    return {
      token: result.token,
      user_id: result.userId,
      user: loaded!.user,
      impersonate_id: result.staffId,
      tabs: await loadTabs(db, result.userId),
    };
  });
}

function basicToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const token = decoded.split(':')[0];
  return token || null;
}
