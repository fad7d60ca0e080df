/**
 * The account's time zone as last seen on this device, per user (localStorage, read
 * synchronously): after a reload the lists ask for the account's month to date at once,
 * alongside the settings read instead of after it. The settings answer stays the authority: when
 * it says otherwise, a list follows it and the hint is updated.
 */
const key = (userId: number) => `portal:time-zone:${userId}`;

export function rememberedZone(userId: number | null): string | null {
  if (userId === null) return null;
  try {
    return localStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

export function rememberZone(userId: number | null, zone: string | null | undefined): void {
  if (userId === null || !zone) return;
  try {
    if (localStorage.getItem(key(userId)) !== zone) localStorage.setItem(key(userId), zone);
  } catch {
    // Storage refused (private mode, full): a list waits for the settings instead.
  }
}
