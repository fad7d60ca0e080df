/**
 * Web Storage (localStorage, sessionStorage) for every key the app writes, through one module, so
 * that signing out leaves nothing of a user on the device (DESIGN "Nothing cached is ever shown to
 * another user"; db/user-data.ts clears the rest).
 *
 * - A user's keys are `portal:user:<user id>:<name>`: anything about or chosen by them (their
 *   account's time zone, a screen's last filters, their selected locations). The user id in the
 *   key keeps one user's hint from ever being read for another.
 * - The device's own keys (DeviceKey) say nothing about anyone: whether a session may be stored
 *   here (a start-up hint), the device's push switch, and whether the device was told that the
 *   browser may clear its offline data (sync/ui/storage-notice.tsx).
 * - clearUserStorage(keep) removes every key but the device's (and `keep`'s user keys), from both
 *   storages: a user's, an older build's (`perf:*`, `portal:time-zone:*`) and anything written
 *   around this module. A new key needs no registration to be cleared; a new device key must be
 *   added to DEVICE_KEYS to survive.
 * - Storage may be missing (the service worker) or refuse (private mode, quota): reads answer
 *   null, writes are dropped, clearing removes what it can. None of it ever throws.
 */

export type DeviceKey = 'portal:session' | 'portal-push' | 'portal:storage-notice';
const DEVICE_KEYS: readonly string[] = [
  'portal:session',
  'portal-push',
  'portal:storage-notice',
] satisfies DeviceKey[];
const USER_PREFIX = 'portal:user:';

/** Web Storage's shape, spelt out: the service worker's type library has no Storage. */
type WebStorage = {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

function storage(kind: 'localStorage' | 'sessionStorage'): WebStorage | null {
  try {
    return (globalThis as Partial<Record<typeof kind, WebStorage>>)[kind] ?? null;
  } catch {
    // Access itself can throw (storage disabled for the site).
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage('localStorage')?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const local = storage('localStorage');
    if (value === null) local?.removeItem(key);
    else if (local?.getItem(key) !== value) local?.setItem(key, value);
  } catch {
    // Refused (private mode, full): the caller's hint is simply not remembered.
  }
}

const userKey = (userId: number, name: string) => `${USER_PREFIX}${userId}:${name}`;

/** Whether this context has a localStorage that answers (not the service worker). */
export function canStore(): boolean {
  try {
    const local = storage('localStorage');
    local?.getItem(USER_PREFIX);
    return local !== null;
  } catch {
    return false;
  }
}

export function readUserItem(userId: number, name: string): string | null {
  return read(userKey(userId, name));
}

export function writeUserItem(userId: number, name: string, value: string): void {
  write(userKey(userId, name), value);
}

export function readDeviceItem(key: DeviceKey): string | null {
  return read(key);
}

/** Stores a device key's value; null removes it. */
export function writeDeviceItem(key: DeviceKey, value: string | null): void {
  write(key, value);
}

/** Removes every key but the device's own, keeping `keepUserId`'s user keys when given. */
export function clearUserStorage(keepUserId: number | null = null): void {
  const kept = keepUserId === null ? null : userKey(keepUserId, '');
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      const store = storage(kind);
      if (!store) continue;
      const keys: string[] = [];
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i);
        if (key !== null) keys.push(key);
      }
      for (const key of keys)
        if (!DEVICE_KEYS.includes(key) && !(kept && key.startsWith(kept))) store.removeItem(key);
    } catch {
      // Storage refused: nothing more can be removed from it.
    }
  }
}
