/**
 * The account's time zone as last seen on this device, per user (a user key of
 * lib/device-storage.ts, read synchronously, cleared at sign-out): after a reload the lists ask
 * for the account's month to date at once, alongside the settings read instead of after it. The
 * settings answer stays the authority: when it says otherwise, a list follows it and the hint is
 * updated.
 */
import { readUserItem, writeUserItem } from '@/lib/device-storage';

const NAME = 'time-zone';

export function rememberedZone(userId: number | null): string | null {
  return userId === null ? null : readUserItem(userId, NAME);
}

export function rememberZone(userId: number | null, zone: string | null | undefined): void {
  if (userId === null || !zone) return;
  writeUserItem(userId, NAME, zone);
}
