/**
 * One row of the bell's list: the message (cut at 70 characters with 'Show more'), when it came,
 * and what choosing it does. Unread rows are marked for sight and for screen readers.
 */
import { useState } from 'react';
import { notificationEffect } from '@/lib/notification-target';
import type { NotificationRow } from '../db/app-db';
import { PendingSyncMarker } from '../sync/ui/pending-sync-marker';
import { timeAgo, truncate } from './notification-actions';

const ACTION_LABEL: Record<string, string> = { navigate: 'Open', download: 'Download', expired: 'Download' };

type NotificationItemProps = {
  notification: NotificationRow;
  busy: boolean;
  /** Marked read on this device, not yet on the server. */
  pending: boolean;
  onChoose: (n: NotificationRow) => void;
};

export function NotificationItem({ notification, busy, pending, onChoose }: NotificationItemProps) {
  const [expanded, setExpanded] = useState(false);
  const short = truncate(notification.message);
  const effect = notificationEffect(notification);
  const action = ACTION_LABEL[effect.kind];
  const unread = !notification.is_read;
  return (
    <li className={unread ? 'bell-item bell-item--unread' : 'bell-item'}>
      <button
        type="button"
        className="bell-item__main"
        onClick={() => onChoose(notification)}
        aria-busy={busy}
      >
        {unread ? <span className="visually-hidden">Unread: </span> : null}
        <span className="bell-item__message">
          {expanded || !short.cut ? notification.message : short.text}
        </span>
        <span className="bell-item__meta">
          {timeAgo(notification.created_at)}
          <PendingSyncMarker pending={pending} />
          {action ? <span className="bell-item__action"> · {action}</span> : null}
          {busy ? <span className="spinner bell-item__spinner" aria-hidden="true" /> : null}
        </span>
      </button>
      {short.cut ? (
        <button
          type="button"
          className="link link-button bell-item__more"
          aria-expanded={expanded}
          onClick={() => setExpanded((shown) => !shown)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </li>
  );
}
