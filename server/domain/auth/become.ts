/**
 * Impersonation tokens (`ed`): a staff member's signed, expiring, single-use pass to one
 * customer's account. Format: base64url(JSON {staff, email, exp, nonce}) + "." + HMAC-SHA256.
 *
 * The signing key comes from BECOME_SECRET, or a key file made once in the data directory (so
 * the CLI that prints links and the server agree without a running server).
 */
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import { nowMs } from '../../lib/clock';
import { hmac, newToken, safeEqual } from '../../lib/crypto';

export const BECOME_TTL_MINUTES = 5;

export type BecomeClaims = { staff: string; email: string; exp: number; nonce: string };

/**
 * BECOME_SECRET, or the data directory's key file. The file is made whole under a private name
 * and linked into place, which fails if it already exists: two first starts at once (two
 * instances on one shared DATA_DIR, or the CLI beside the server) end up with the same key, the
 * first one linked, never each their own.
 */
export function becomeSecret(config: Pick<Config, 'dataDir' | 'becomeSecret'>): string {
  if (config.becomeSecret) return config.becomeSecret;
  const { dataDir } = config;
  const file = join(dataDir, 'become.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${newToken().slice(0, 8)}`;
    writeFileSync(draft, newToken(), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return readFileSync(file, 'utf8').trim();
}

export function signBecome(secret: string, staffEmail: string, email: string, now = nowMs()): string {
  const claims: BecomeClaims = {
    staff: staffEmail,
    email: email.toLowerCase(),
    exp: now + BECOME_TTL_MINUTES * 60_000,
    nonce: newToken(),
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${hmac(secret, body)}`;
}

/** The claims of a well-signed, unexpired token for this email, or null. */
export function verifyBecome(
  secret: string,
  token: string,
  email: string,
  now = nowMs(),
): BecomeClaims | null {
  const [body, signature] = token.split('.');
  if (!body || !signature || !safeEqual(signature, hmac(secret, body))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as BecomeClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (claims.email !== email.trim().toLowerCase() || typeof claims.nonce !== 'string') return null;
    return claims;
  } catch {
    return null;
  }
}
