/**
 * The bell's "See all": every notification of the user, newest first, PAGE_SIZE at a time ('Show
 * older notifications' adds a page), each choosable as in the dropdown (use-choose-notification.ts).
 *
 * - The newest come from the device (the bell's table: instant, offline too, live messages as they
 *   land); older ones are asked of the server page by page (GET /notifications?before=&limit=,
 *   one page ahead of what is shown), so the button appears only when there is more.
 * - An older notification is not in the device's table; choosing it stores it there first, so
 *   marking it read goes through the outbox like any other.
 * - Offline, the pages already stored still show; the list says older ones need the connection.
 */
import { useEffect, useMemo, useState } from 'react';
import type { NotificationRow } from '../db/app-db';
import { db } from '../db/db';
import { useNotificationRows } from '../sync/notifications';
import { Modal } from '../ui/modal';
import { NotificationItem } from './notification-item';
import { getNotificationsBefore } from './shell-api';
import { useChooseNotification } from './use-choose-notification';

export const PAGE_SIZE = 20;
export const OLDER_OFFLINE = "Older notifications can be loaded once you're back online.";

const newestFirst = (a: NotificationRow, b: NotificationRow) =>
  b.created_at.localeCompare(a.created_at) || b.notification_id - a.notification_id;

/** The device's rows and the server's older pages as one list (the device's copy of a row wins). */
export function mergeNotifications(local: NotificationRow[], older: NotificationRow[]): NotificationRow[] {
  const ids = new Set(local.map((n) => n.notification_id));
  return [...local, ...older.filter((n) => !ids.has(n.notification_id))].sort(newestFirst);
}

/** The device's rows with the server's older pages, fetched while fewer than `wanted` + a page. */
function useAllPages(userId: number, local: NotificationRow[], wanted: number) {
  const [older, setOlder] = useState<NotificationRow[]>([]);
  const list = useMemo(() => mergeNotifications(local, older), [local, older]);
  const [end, setEnd] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const oldest = list.length === 0 ? null : Math.min(...list.map((n) => n.notification_id));
  const short = list.length < wanted + PAGE_SIZE;

  // One request at a time; once it settles its answer has changed `oldest` (or ended the list),
  // and the effect asks again while the list is still short.
  useEffect(() => {
    if (!short || end || failed || loading) return;
    setLoading(true);
    getNotificationsBefore(oldest, PAGE_SIZE)
      .then(({ notifications }) => {
        setOlder((rows) => [...rows, ...notifications.map((n) => ({ user_id: userId, ...n }))]);
        if (notifications.length < PAGE_SIZE) setEnd(true);
      })
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  }, [short, end, failed, loading, oldest, userId]);

  const markRead = (id: number) =>
    setOlder((rows) => rows.map((n) => (n.notification_id === id ? { ...n, is_read: true } : n)));
  return { list, end, failed, loading, markRead };
}

export function AllNotifications({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { notifications: local, pending, unread } = useNotificationRows(userId);
  const [shown, setShown] = useState(PAGE_SIZE);
  const pages = useAllPages(userId, local, shown);
  const list = pages.list;
  const { choose, busyId } = useChooseNotification(userId, onClose);

  const pick = async (notification: NotificationRow) => {
    const stored = await db.notifications.get([userId, notification.notification_id]);
    if (!stored) {
      await db.notifications.put(notification);
      pages.markRead(notification.notification_id);
    }
    await choose(notification);
  };

  const visible = list.slice(0, shown);
  const more = list.length > shown;
  return (
    <Modal title="All notifications" onClose={onClose}>
      <p className="all-notifications__summary" aria-live="polite">
        {list.length === 0 && !pages.loading
          ? 'You have no notifications.'
          : `Showing ${visible.length}${pages.end ? ` of ${list.length}` : ''}${unread > 0 ? ` · ${unread} unread` : ''}`}
      </p>
      {visible.length > 0 ? (
        <ul className="all-notifications__list" aria-label="All notifications">
          {visible.map((notification) => (
            <NotificationItem
              key={notification.notification_id}
              notification={notification}
              busy={busyId === notification.notification_id}
              pending={pending.has(notification.notification_id)}
              onChoose={(n) => void pick(n)}
            />
          ))}
        </ul>
      ) : null}
      {pages.failed && !more ? <p className="all-notifications__note">{OLDER_OFFLINE}</p> : null}
      {more ? (
        <button
          type="button"
          className="button button--ghost button--block all-notifications__more"
          onClick={() => setShown((count) => count + PAGE_SIZE)}
        >
          Show older notifications
        </button>
      ) : pages.loading ? (
        <p className="all-notifications__note">Loading…</p>
      ) : null}
    </Modal>
  );
}
