/**
 * The reads each screen makes by itself, remembered per user and path on this device, so that a
 * reload reads their stored copies before the screen's first render (app/dashboard-routes.tsx
 * `primeDashboardPage`, started by app/route-preload.ts with the session read): every screen shows
 * its stored content in its first frame, with no code of its own for it.
 *
 * Gain (user-visible): a reload, offline too, paints the stored content in its first frame instead
 * of a skeleton that the stored copy replaces a frame or more later (asserted by
 * test/e2e/speed.test.ts "straight to the rows"; the bench's offline reload per screen). Not a
 * head start on the network: it is "stored copy first" for the first frame.
 *
 * - A visit of a path records the cache keys its useCachedRead hooks ask for (`noteScreenRead`)
 *   until the first sign of use (a tap, a key, the wheel): what the screen reads by itself, not a
 *   drawer or a filter the user opens later. The next visit's keys replace them, so a key no longer
 *   asked for (yesterday's date range) is read ahead at most once more.
 * - Kept as a user item of Web Storage (lib/device-storage.ts): sign-out clears it with the rest;
 *   storage refused, nothing is remembered and the screen loads as before. At most MAX_KEYS a path.
 * - Only keys of the user read ahead for are read back (storage is untrusted); reading ahead never
 *   throws and never waits for the network.
 */
import { readUserItem, writeUserItem } from '../lib/device-storage';
import { primeStoredReads } from './stored-read';

/** The most keys kept per path: a screen's own reads, with room for its sections and pages. */
const MAX_KEYS = 24;

const itemName = (path: string) => `screen-reads:${path}`;

/** The keys the last visit of `path` read by itself, for this user (only keys of this user). */
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

const SIGNS_OF_USE = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

type Visit = { userId: number; path: string; keys: string[]; open: boolean };
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
  if (visit?.keys.length) writeUserItem(visit.userId, itemName(visit.path), JSON.stringify(visit.keys));
}

/** A read a mounted screen asks for: remembered for its path while the visit has not been used. */
export function noteScreenRead(userId: number, key: string): void {
  if (typeof window === 'undefined') return;
  const path = window.location.pathname;
  if (!visit || visit.path !== path || visit.userId !== userId) {
    if (!visit) listenForUse();
    visit = { userId, path, keys: [], open: true };
  }
  if (!visit.open || visit.keys.includes(key) || visit.keys.length >= MAX_KEYS) return;
  visit.keys.push(key);
  // One write for the keys of a commit, after it.
  if (!saving) {
    saving = true;
    setTimeout(save, 0);
  }
}

/** Reads ahead the stored copies of what `path`'s screen read on its last visit (never throws). */
export async function primeScreenReads(userId: number, path: string): Promise<void> {
  const keys = screenReadKeys(userId, path);
  if (keys.length) await primeStoredReads(keys);
}
