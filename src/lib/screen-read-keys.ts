/**
 * The reads each screen made by itself on its last visit on this device, as read-cache keys, kept
 * per user and path in Web Storage (lib/device-storage.ts). sync/screen-reads.ts notes and reads
 * them back from the device database before the screen's first render; api/early-reads.ts asks the
 * network for the GETs among them while the page's scripts load. Storage is untrusted: only keys of
 * the user asked for come back.
 */
import { readUserItem, writeUserItem } from './device-storage';

/**
 * The screens whose reads a reload sends with the page's scripts (api/early-reads.ts): those whose
 * first frame shows their reads' answers (their first render waits for them, sync/read-ahead.ts,
 * app/dashboard-routes.tsx START_READS). A screen whose first frame is its own frame and headings
 * gains nothing in it, and over HTTP/1.1's six connections the reads would go beside its scripts.
 */
export const EARLY_READ_PATHS: ReadonlySet<string> = new Set(['/dashboard/account-settings/profile']);

/** The most keys kept per path: a screen's own reads, with room for its sections and pages. */
export const MAX_KEYS = 24;

const itemName = (path: string) => `screen-reads:${path}`;

/** Remembers the keys a visit of `path` read by itself, for this user. */
export function writeScreenReadKeys(userId: number, path: string, keys: readonly string[]): void {
  writeUserItem(userId, itemName(path), JSON.stringify(keys));
}

/** The keys the last visit of `path` read by itself, for this user. */
export function screenReadKeys(userId: number, path: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readUserItem(userId, itemName(path)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((key): key is string => typeof key === 'string' && key.startsWith(`${userId}:`))
    .slice(0, MAX_KEYS);
}

/**
 * The URLs of the GETs among them, in the order the screen asked for them: a key is
 * `user:GET /api/v1/path?sorted-query` (sync/response-cache.ts requestKey); one with a body (`#`)
 * or outside the API is left out.
 */
export function earlyReadUrls(userId: number, path: string): string[] {
  const prefix = `${userId}:GET /api/v1/`;
  return screenReadKeys(userId, path)
    .filter((key) => key.startsWith(prefix) && !key.includes('#') && !/[\s\\]/.test(key.slice(prefix.length)))
    .map((key) => key.slice(prefix.length - '/api/v1/'.length));
}
