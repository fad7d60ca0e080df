/**
 * Registration tokens: the invitation / resume link (`/login?token=...`) and the proof the custom
 * flow's second step carries. Only the token's SHA-256 is stored; a token works until it expires,
 * or its user completes sign-up or gets a password by any path (every link of the user is spent
 * then: passwords.ts spendRegistrationLinks).
 *
 * An invitation for an email nobody has yet creates the customer (organization, user without a
 * password, tabs); they choose a password from the welcome mail sent when sign-up completes.
 * An invitation is never issued for an account whose sign-up is complete or that has a password:
 * the link signs in (POST /client/authenticate), so it would be a session for that user without
 * their password (the registration context refuses such a link as well).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, withTx } from '../../db/client';
import { registrationTokens, users } from '../../db/schema/identity';
import { now as clockNow, nowMs } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import { unprocessable } from '../../lib/errors';
import { normaliseEmail } from '../auth/users';
import { createCustomer } from './signup';

export const REGISTRATION_TTL_HOURS = 72;

export async function issueRegistrationToken(tx: Db, userId: number, ttlHours = REGISTRATION_TTL_HOURS) {
  const token = newToken();
  await tx.insert(registrationTokens).values({
    user_id: userId,
    token_hash: sha256(token),
    expires_at: new Date(nowMs() + ttlHours * 3600_000),
  });
  return token;
}

/** The valid (unused, unexpired) token row and its user, or null. */
export async function findRegistration(db: Db, token: string) {
  const [row] = await db
    .select({ token: registrationTokens, user: users })
    .from(registrationTokens)
    .innerJoin(users, eq(users.id, registrationTokens.user_id))
    .where(
      and(
        eq(registrationTokens.token_hash, sha256(token)),
        isNull(registrationTokens.used_at),
        gt(registrationTokens.expires_at, clockNow()),
      ),
    );
  return row ?? null;
}

/** The token row and its user whatever the token's state (used, expired), or null when unknown. */
export async function findRegistrationLink(db: Db, token: string) {
  const [row] = await db
    .select({ token: registrationTokens, user: users })
    .from(registrationTokens)
    .innerJoin(users, eq(users.id, registrationTokens.user_id))
    .where(eq(registrationTokens.token_hash, sha256(token)));
  return row ?? null;
}

/** The registration token of a Basic authorization header (`token:`), or null. */
export function basicToken(request: FastifyRequest): string | null {
  const match = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  return Buffer.from(match[1], 'base64').toString('utf8').split(':')[0] || null;
}

export type Invitation = {
  email: string;
  first_name?: string;
  last_name?: string;
  business_name?: string;
  ttl_hours?: number;
};

export const invitationPath = (token: string) => `/login?${new URLSearchParams({ token })}`;

export const INVITE_SIGNUP_COMPLETED =
  'This account has already completed sign-up: no registration link is issued for it (it signs in with its password, or resets it)';
export const INVITE_HAS_PASSWORD =
  'This account already has a password: no registration link is issued for it (it signs in with its password, or resets it)';

/**
 * Issues an invitation link for the email, creating the customer when there is none; a 422 for an
 * account that has completed sign-up or has a password.
 */
export async function inviteCustomer(db: Db, invitation: Invitation) {
  const email = normaliseEmail(invitation.email);
  return withTx(db, async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (existing?.signup_completed) throw unprocessable({ email: [INVITE_SIGNUP_COMPLETED] });
    if (existing?.password_hash) throw unprocessable({ email: [INVITE_HAS_PASSWORD] });
    let userId = existing?.id;
    if (!userId) {
      const local = email.split('@')[0];
      const created = await createCustomer(tx, {
        email,
        password: null,
        first_name: invitation.first_name?.trim() || local.charAt(0).toUpperCase() + local.slice(1),
        last_name: invitation.last_name?.trim() || 'Customer',
        org: { name: invitation.business_name?.trim() || `${local} business` },
      });
      userId = created.user.id;
    }
    const token = await issueRegistrationToken(tx, userId, invitation.ttl_hours);
    return {
      token,
      link: invitationPath(token),
      user_id: userId,
      created: !existing,
    };
  });
}
