/**
 * The bell's notifications for the signed-in user: read from the local database (so the list
 * opens instantly and offline), refreshed from the server on mount, every 60 seconds and
 * whenever the caller asks (the bell opening). The live channel will write to the same table.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import type { NotificationRow } from '../db/app-db';
import { db } from '../db/db';
import { refreshNotifications } from './shell-api';

export const NOTIFICATIONS_REFRESH_MS = 60_000;

const newestFirst = (a: NotificationRow, b: NotificationRow) =>
  b.created_at.localeCompare(a.created_at) || b.notification_id - a.notification_id;

export function useNotifications(userId: number | null) {
  const rows = useLiveQuery(
    () => (userId === null ? [] : db.notifications.where('user_id').equals(userId).toArray()),
    [userId],
    [] as NotificationRow[],
  );

  const refresh = useCallback(() => {
    if (userId === null) return;
    refreshNotifications(userId).catch((error: unknown) =>
      console.warn('Could not refresh notifications', error),
    );
  }, [userId]);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, NOTIFICATIONS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const notifications = [...rows].sort(newestFirst);
  const unread = notifications.filter((n) => !n.is_read).length;
  return { notifications, unread, refresh };
}
