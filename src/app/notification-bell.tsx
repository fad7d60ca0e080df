/**
 * The header's notification bell (spec part 1 §2 "Notification bell", §8): a green dot while
 * anything is unread, a 300 px dropdown with a 250 px scrolling list, refreshed when it opens.
 *
 * Choosing a notification marks it read, then: go_to opens its page, download fetches the export
 * file's address and starts the download ('File has expired, Please issue export request again.'
 * when there is none), no_action does nothing more.
 *
 * 'Mark all as read' in the header marks every listed notification read at once (one request
 * through the outbox, so it works offline too).
 *
 * A URL ending in #notifications (the installed app's "Notifications" shortcut) opens the bell.
 * The dropdown's contents render only while it is open.
 * A URL with ?download=<export id> (a clicked system notification of a finished export) downloads
 * that file, then leaves the address bar.
 *
 * 'See all' under the list opens every notification, paged (all-notifications.tsx): the dropdown
 * keeps the spec's 250 px list, and the count in its header is never more than the user can reach.
 */
import './notification-bell.css';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { requestedDownload } from '@/lib/notification-target';
import { useDisclosure } from '@/ui/use-disclosure';
import { downloadExportFile } from '@/widgets/toolbar/export-file';
import { markAllNotificationsRead } from '../sync/notifications';
import { AllNotifications } from './all-notifications';
import { NotificationItem } from './notification-item';
import { PushPrompt, usePushResume } from './push-prompt';
import { useChooseNotification } from './use-choose-notification';
import { useNotifications } from './use-notifications';

export const NOTIFICATIONS_HASH = '#notifications';

export function NotificationBell({ userId }: { userId: number }) {
  const { notifications, unread, pending, refresh } = useNotifications(userId);
  usePushResume(userId);
  const menu = useDisclosure();
  const [path, navigate] = useLocation();
  const { choose, busyId } = useChooseNotification(userId, menu.close);
  const [all, setAll] = useState(false);
  const { open, setOpen } = menu;

  useEffect(() => {
    if (open) refresh();
  }, [open, refresh]);

  useEffect(() => {
    if (window.location.hash !== NOTIFICATIONS_HASH) return;
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
    setOpen(true);
  }, [setOpen]);

  const search = useSearch();
  const requested = requestedDownload(search);
  const downloading = useRef<number | null>(null);
  useEffect(() => {
    // Once per request (React may run an effect twice in development).
    if (requested === downloading.current) return;
    downloading.current = requested;
    if (requested === null) return;
    navigate(path, { replace: true });
    void downloadExportFile(requested);
  }, [requested, navigate, path]);

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="dropdown bell" {...menu.rootProps}>
      <button className="header-icon-button" aria-label={label} {...menu.buttonProps}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
        {unread > 0 ? <span className="bell__dot" data-testid="bell-dot" /> : null}
      </button>
      <div className="dropdown__panel bell__panel" {...menu.panelProps}>
        {/* Rendered while open only: a closed bell costs the screen's first render nothing. */}
        {open ? (
          <>
            <div className="bell__header">
              <h2 className="bell__title">Notifications</h2>
              {unread > 0 ? <span className="bell__count">{unread} unread</span> : null}
              {unread > 0 ? (
                <button
                  type="button"
                  className="link link-button bell__read-all"
                  onClick={() =>
                    void markAllNotificationsRead(
                      userId,
                      Math.max(...notifications.map((n) => n.notification_id)),
                    )
                  }
                >
                  Mark all as read
                </button>
              ) : null}
            </div>
            {notifications.length === 0 ? (
              <p className="bell__empty">You have no notifications.</p>
            ) : (
              <ul className="bell__list" aria-label="Notifications">
                {notifications.map((notification) => (
                  <NotificationItem
                    key={notification.notification_id}
                    notification={notification}
                    busy={busyId === notification.notification_id}
                    pending={pending.has(notification.notification_id)}
                    onChoose={(n) => void choose(n)}
                  />
                ))}
              </ul>
            )}
            {notifications.length > 0 ? (
              <div className="bell__footer">
                <button
                  type="button"
                  className="link link-button bell__see-all"
                  onClick={() => {
                    menu.close();
                    setAll(true);
                  }}
                >
                  See all
                </button>
              </div>
            ) : null}
            <PushPrompt />
          </>
        ) : null}
      </div>
      {all ? <AllNotifications userId={userId} onClose={() => setAll(false)} /> : null}
    </div>
  );
}
