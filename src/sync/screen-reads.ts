/**
 * The reads each screen makes by itself, remembered per user and path on this device, so that a
 * reload reads their stored copies before the screen's first render (app/dashboard-routes.tsx
 * `primeDashboardPage`, started by app/route-preload.ts with the session read): every screen shows
 * its stored content in its first frame, with no code of its own for it.
 *
 * - A visit of a path records the cache keys its useCachedRead hooks ask for (`noteScreenRead`)
 *   until the first sign of use (a tap, a key, the wheel): what the screen reads by itself, not a
 *   drawer or a filter the user opens later. The next visit's keys replace them, so a key no longer
 *   asked for (yesterday's date range) is read ahead at most once more.
 * - Kept as a user item of Web Storage (lib/device-storage.ts): sign-out clears it with the rest;
 *   storage refused, nothing is remembered and the screen loads as before. At most MAX_KEYS a path.
 * - Each read is kept with its request (method, API path, query and body), so a reload also sends
 *   them once their stored copies are read, before the screen is there (early-reads.ts).
 * - Only keys of the user read ahead for are read back, and only requests of reads the cache keeps
 *   whose key they match (storage is untrusted: a remembered entry never makes a write); reading
 *   ahead never throws and never waits for the network.
 */
import { readUserItem, writeUserItem } from '../lib/device-storage';
import { type EarlyRead, startEarlyReads } from './early-reads';
import { apiUrl, isCachedRead, requestKey } from './response-cache';
import { readSignature } from './shared-request';
import { primedRow, primeStoredReads } from './stored-read';

/** The most keys kept per path: a screen's own reads, with room for its sections and pages. */
export const MAX_KEYS = 24;
const SIGNS_OF_USE = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const itemName = (path: string) => `screen-reads:${path}`;

/**
 * A read as useCachedRead makes it: its API path, its query and body as canonical JSON ('' for
 * none), and how long its stored copy is fresh enough to show without asking (`freshForMs`).
 */
export type ScreenRequest = {
  method: 'GET' | 'POST';
  path: string;
  query: string;
  body: string;
  fresh: number;
};
type Entry = ScreenRequest & { key: string };

type Visit = { userId: number; path: string; entries: Entry[]; open: boolean };
let visit: Visit | null = null;
let saving = false;

function closeVisit() {
  if (visit) visit.open = false;
}

function listenForUse() {
  for (const event of SIGNS_OF_USE)
    window.addEventListener(event, closeVisit, { capture: true, passive: true });
}

function save() {
  saving = false;
  if (visit?.entries.length) writeUserItem(visit.userId, itemName(visit.path), JSON.stringify(visit.entries));
}

/** A read a mounted screen asks for: remembered for its path while the visit has not been used. */
export function noteScreenRead(userId: number, key: string, request: ScreenRequest): void {
  if (typeof window === 'undefined') return;
  const path = window.location.pathname;
  if (!visit || visit.path !== path || visit.userId !== userId) {
    if (!visit) listenForUse();
    visit = { userId, path, entries: [], open: true };
  }
  if (!visit.open || visit.entries.some((entry) => entry.key === key) || visit.entries.length >= MAX_KEYS)
    return;
  visit.entries.push({ key, ...request });
  // One write for the keys of a commit, after it.
  if (!saving) {
    saving = true;
    setTimeout(save, 0);
  }
}

/** The entries stored for `path`, as they were written (strings: keys kept by an older version). */
function storedEntries(userId: number, path: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(readUserItem(userId, itemName(path)) ?? '[]');
    return Array.isArray(parsed) ? parsed.slice(0, MAX_KEYS) : [];
  } catch {
    return [];
  }
}

const keyOf = (entry: unknown): unknown =>
  entry && typeof entry === 'object' ? (entry as { key?: unknown }).key : entry;

/** The keys the last visit of `path` read by itself, for this user. */
export function screenReadKeys(userId: number, path: string): string[] {
  return storedEntries(userId, path)
    .map(keyOf)
    .filter((key): key is string => typeof key === 'string' && key.startsWith(`${userId}:`));
}

const text = (value: unknown): value is string => typeof value === 'string';

/**
 * A stored entry as a request to send, or null unless it is a kept read of this user with its own
 * key, and its copy read ahead is not fresh enough for its screen to show without asking.
 */
function earlyRead(userId: number, entry: unknown): EarlyRead | null {
  if (!entry || typeof entry !== 'object') return null;
  const { key, method, path, query, body, fresh } = entry as Record<string, unknown>;
  if (!text(key) || !text(path) || !text(query) || !text(body)) return null;
  const row = primedRow(key);
  if (typeof fresh === 'number' && row && Date.now() - row.stored_at < fresh) return null;
  if ((method !== 'GET' && method !== 'POST') || !path.startsWith('/') || path.includes('?')) return null;
  if (!isCachedRead(method, path)) return null;
  try {
    const parsedQuery = query ? (JSON.parse(query) as EarlyRead['query']) : undefined;
    const url = apiUrl(path, parsedQuery);
    if (requestKey(userId, method, url, body) !== key) return null;
    return {
      key,
      signature: readSignature(userId, method, url, body),
      method,
      path,
      query: parsedQuery,
      body: body ? (JSON.parse(body) as EarlyRead['body']) : undefined,
    };
  } catch {
    return null;
  }
}

/** The requests the last visit of `path` made by itself, for this user, that are to be sent again. */
function screenReadRequests(userId: number, path: string): EarlyRead[] {
  return storedEntries(userId, path)
    .map((entry) => earlyRead(userId, entry))
    .filter((read): read is EarlyRead => read !== null);
}

/**
 * Reads ahead the stored copies of what `path`'s screen read on its last visit, then sends those of
 * its requests whose copies are not fresh enough, before the screen is there. Resolves once the
 * copies are read and, if they come before `until` (the page's chunks), the answers too, so the
 * screen's first render shows them; never throws.
 */
export async function primeScreenReads(
  userId: number,
  path: string,
  until?: Promise<unknown>,
): Promise<void> {
  const keys = screenReadKeys(userId, path);
  if (!keys.length) return;
  await primeStoredReads(keys);
  const answered = startEarlyReads(screenReadRequests(userId, path));
  await Promise.race([answered, until ?? Promise.resolve()]);
}
