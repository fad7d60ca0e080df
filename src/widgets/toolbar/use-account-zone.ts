/**
 * The account's time zone for a list behind the table toolbar, and whether it is known yet.
 *
 *   const { zone, known } = useAccountZone();
 *   const view = useCampaigns(known ? body : null);
 *
 * A list waits for `known` so the month to date it asks for is the account's, not the browser's
 * first and the account's after: a second request, and a list that empties when the connection
 * drops between the two. Known once the settings have answered (stored or fresh), or failed, or
 * when this device remembers the zone from the last visit (zone-hint.ts); the settings stay the
 * authority. The dashboard shell, around every screen that uses this, remembers the zone whenever
 * the settings answer (app/dashboard-shell.tsx): one writer for the hint.
 */
import { useMemo } from 'react';
import { SETTINGS_PATH, UserSettings } from '../../api/contracts/session';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import { rememberedZone } from './zone-hint';

export function useAccountZone(): {
  zone: string | null;
  known: boolean;
  /** The settings read (stored or fresh), for a screen that shows more of them. */
  settings: UserSettings | undefined;
} {
  const { user_id: userId } = useSession();
  const read = useCachedRead(UserSettings, SETTINGS_PATH);
  const settings = read.data;
  const remembered = useMemo(() => rememberedZone(userId), [userId]);
  return {
    zone: settings ? (settings.time_zone ?? null) : remembered,
    known: settings !== undefined || read.error !== null || remembered !== null,
    settings,
  };
}
