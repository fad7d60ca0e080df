/**
 * The bell's notifications for the signed-in user: read from the local database (so the list
 * opens instantly and offline, and live messages show as they land), refreshed from the server once
 * the screen's reads have answered, every 60 seconds and whenever the caller asks (the bell opening). `pending`
 * holds the ids whose mark-read still waits in the outbox.
 */
import { useCallback, useEffect } from 'react';
import { afterScreenReads } from '../lib/reads-in-flight';
import { refreshNotifications, useNotificationRows } from '../sync/notifications';

export const NOTIFICATIONS_REFRESH_MS = 60_000;

export function useNotifications(userId: number | null) {
  const rows = useNotificationRows(userId);

  const refresh = useCallback(() => {
    if (userId === null) return;
    refreshNotifications(userId).catch((error: unknown) =>
      console.warn('Could not refresh notifications', error),
    );
  }, [userId]);

  useEffect(() => {
    // After the screen's reads (lib/reads-in-flight.ts): the bell shows what the device holds
    // meanwhile, and the screen's reads do not share the connection with this one.
    const cancel = afterScreenReads(refresh);
    const timer = setInterval(refresh, NOTIFICATIONS_REFRESH_MS);
    return () => {
      cancel();
      clearInterval(timer);
    };
  }, [refresh]);

  return { ...rows, refresh };
}
