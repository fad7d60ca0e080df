/**
 * What every performance screen shares: the user's settings (zone, platforms, RevConnect flag),
 * the filters of its view (franchise or not), and the offline fallback for a combination never
 * loaded: the last loaded one per screen.
 */

import { SETTINGS_PATH, UserSettings } from '../../api/contracts/session';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import { readLastLoaded, useRememberLoaded } from './perf-read';
import { useFilters } from './use-filters';

export function useScreen(screen: string) {
  const settings = useCachedRead(UserSettings, SETTINGS_PATH).data;
  const platforms = settings?.platforms.map((p) => p.platform) ?? [];
  const franchise = platforms.includes('franchise');
  const zone = settings?.time_zone ?? null;
  const { user_id: userId } = useSession();
  const filters = useFilters(franchise ? 'franchise' : 'local', userId, zone);
  return { settings, platforms, franchise, zone, screen, ...filters };
}

/** The primary read of a screen decides its "as of" and its never-loaded notice. */
export function usePrimary(
  screen: string,
  filters: ReturnType<typeof useFilters>['filters'],
  read: { data: unknown; offline: boolean; notLoaded: boolean },
) {
  useRememberLoaded(screen, filters, read);
  return { last: read.notLoaded ? readLastLoaded(screen) : null };
}
