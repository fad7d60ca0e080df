/**
 * What every performance screen shares: the user's settings (zone, platforms, RevConnect flag),
 * the filters of its view (franchise or not), and the offline fallback for a combination never
 * loaded: the last loaded one per screen.
 */

import { useMemo } from 'react';
import { rememberedZone } from '@/widgets/toolbar/zone-hint';
import { SETTINGS_PATH, UserSettings } from '../../api/contracts/session';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import { readLastLoaded, useRememberLoaded } from './perf-read';
import { useFilters } from './use-filters';

export function useScreen(screen: string) {
  const settings = useCachedRead(UserSettings, SETTINGS_PATH).data;
  const { user_id: userId, user } = useSession();
  // Until the settings answer, the session's platforms and the zone this device last saw: the
  // screen's reads start with the settings read, not after it (the settings stay the authority).
  const platforms = (settings?.platforms ?? user?.platforms ?? []).map((p) => p.platform);
  const franchise = platforms.includes('franchise');
  const remembered = useMemo(() => rememberedZone(userId), [userId]);
  const zone = settings ? (settings.time_zone ?? null) : remembered;
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
