/**
 * What a range-keyed screen last loaded from the server, per user and screen, so that offline a
 * range never loaded on this device can offer it instead (NotLoadedOffer): performance reports,
 * invoices, campaigns.
 *
 * - Kept as the user's own key `last-loaded:<screen>` (lib/device-storage.ts): another user on the
 *   same device is never offered (nor shown) someone else's filters, and sign-out removes it.
 * - Remembered only for answers from the server, never for the device's copy: what is offered
 *   is what the device holds.
 * - Storage is untrusted and may be missing (private mode): reads answer null, writes do nothing
 *   (a full or unavailable storage: the offer is a convenience, the screen works without it).
 */
import { useEffect } from 'react';
import { peekSession } from '../../db/session';
import { readUserItem, writeUserItem } from '../../lib/device-storage';

const name = (screen: string) => `last-loaded:${screen}`;

/** The value `screen` last loaded for the signed-in user (or `userId`), or null. */
export function readLastLoaded<T>(screen: string, userId = peekSession().user_id): T | null {
  if (userId === null) return null;
  try {
    const raw = readUserItem(userId, name(screen));
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
    writeUserItem(userId, name(screen), JSON.stringify(value));
  }, [loaded, value, screen]);
}
