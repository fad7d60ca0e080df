/**
 * Device cookies (OWASP's "device cookie" against account lockout): after a successful sign-in the
 * browser gets a cookie that says "this device signed in to account N before", signed with a
 * server key, so others' failures on the account never keep that device out (sign-in.ts).
 *
 * - One cookie per account and device: its name is derived from the user id under the key (two
 *   accounts on one browser keep two cookies, and the name does not say whose it is); its value
 *   is a random nonce and HMAC(key, "userId.nonce"). A cookie copied to another account's name
 *   does not verify.
 * - HttpOnly, SameSite=Strict, Path=/api/v1/client (only the sign-in calls need it), Secure when
 *   the request came over https (as the app sees it, TRUST_PROXY included); 180 days, renewed
 *   with the same nonce on each sign-in, so the device keeps one identity for its failure count.
 * - Nothing is stored: the nonce is the device's key in auth_attempts (`sign_in_device`), where
 *   its own failures are counted apart from untrusted ones.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, newToken, safeEqual } from '../../lib/crypto';

const MAX_AGE_SECONDS = 180 * 24 * 3600;
const COOKIE_PATH = '/api/v1/client';

/** The key device cookies are signed under, derived from the server's become secret. */
export const deviceKey = (serverSecret: string): string => hmac(serverSecret, 'device-cookies');

const cookieName = (key: string, userId: number) => `dev_${hmac(key, `name:${userId}`).slice(0, 16)}`;
const signature = (key: string, userId: number, nonce: string) => hmac(key, `${userId}.${nonce}`);

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The nonce of this request's valid device cookie for the user; null when it has none. */
export function trustedDevice(request: FastifyRequest, key: string, userId: number): string | null {
  const value = readCookie(request, cookieName(key, userId));
  const [nonce, signed, extra] = (value ?? '').split('.');
  if (!nonce || !signed || extra !== undefined || nonce.length > 64) return null;
  return safeEqual(signed, signature(key, userId, nonce)) ? nonce : null;
}

/** Sets (or renews, keeping `nonce`) the device cookie for the user on this answer. */
export function trustDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  userId: number,
  nonce = newToken().slice(0, 22),
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${cookieName(key, userId)}=${nonce}.${signature(key, userId, nonce)}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The key a trusted device's failures are counted under, in place of an address. */
export const deviceAttemptKey = (nonce: string) => `device:${nonce}`;
