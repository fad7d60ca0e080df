/** Token, code and signature helpers. Tokens carry 256 bits; only their SHA-256 is stored. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A six-digit code for password set/reset mails. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A stable hash of a request body for idempotency comparisons (key order does not matter). */
export function bodyHash(value: unknown): string {
  return sha256(stableStringify(value ?? null));
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
