/**
 * What a range-keyed screen last loaded from the server, per user and screen, so that offline a
 * range never loaded on this device can offer it instead (NotLoadedOffer): performance reports,
 * invoices, campaigns.
 *
 * - Kept in localStorage under `portal:last-loaded:<user id>:<screen>`: another user on the same
 *   device is never offered (nor shown) someone else's filters.
 * - Remembered only for answers from the server, never for the device's copy: what is offered
 *   is what the device holds.
 * - Storage is untrusted and may be missing (private mode): reads answer null, writes do nothing.
 */
import { useEffect } from 'react';
import { peekSession } from '../../db/session';

const key = (userId: number, screen: string) => `portal:last-loaded:${userId}:${screen}`;

/** The value `screen` last loaded for the signed-in user (or `userId`), or null. */
export function readLastLoaded<T>(screen: string, userId = peekSession().user_id): T | null {
  if (userId === null) return null;
  try {
    const raw = globalThis.localStorage?.getItem(key(userId, screen));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/**
 * Remembers `value` once `loaded` says its answer has just come from the server, for the user
 * signed in then (a change of user alone writes nothing: the value on screen was not theirs).
 */
export function useRememberLoaded<T>(screen: string, value: T | null, loaded: boolean): void {
  useEffect(() => {
    const userId = peekSession().user_id;
    if (!loaded || value === null || userId === null) return;
    try {
      globalThis.localStorage?.setItem(key(userId, screen), JSON.stringify(value));
    } catch {
      // Full or unavailable storage: the offer is a convenience, the screen works without it.
    }
  }, [loaded, value, screen]);
}
