/**
 * What choosing a notification does, shared by the bell's dropdown and its "See all" list (spec
 * part 1 §2 "Notification bell"): mark it read (through the outbox), then go_to opens its page,
 * download fetches the export's file (FILE_EXPIRED when there is none), no_action does nothing
 * more. One download at a time: `busyId` is the notification whose file is being fetched.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { notificationEffect } from '@/lib/notification-target';
import { downloadExportFile } from '@/widgets/toolbar/export-file';
import { FILE_EXPIRED } from '../api/contracts/shell';
import type { NotificationRow } from '../db/app-db';
import { markNotificationRead } from '../sync/notifications';
import { toastError } from '../ui/toast';

export function useChooseNotification(userId: number, onNavigate: () => void) {
  const [, navigate] = useLocation();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function choose(notification: NotificationRow) {
    if (busyId !== null) return;
    const effect = notificationEffect(notification);
    // Stored (read locally and queued) before the page changes: a tap that navigates, then a reload or
    // a closed app, must not lose the mark (it was lost that way when this did not wait).
    if (!notification.is_read)
      await markNotificationRead(userId, notification.notification_id).catch((error: unknown) =>
        console.warn('Could not mark the notification read', error),
      );
    if (effect.kind === 'navigate') {
      onNavigate();
      navigate(effect.to);
    } else if (effect.kind === 'download') {
      setBusyId(notification.notification_id);
      await downloadExportFile(effect.exportId);
      setBusyId(null);
    } else if (effect.kind === 'expired') {
      toastError('Error', FILE_EXPIRED);
    }
  }

  return { choose, busyId };
}
