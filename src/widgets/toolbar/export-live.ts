/**
 * The exports' live effect: a download notification (spec part 1 §4 "An export notification
 * unblocks exporting and shows 'Export Completed'") turns the type's `exportsReady` row from
 * waiting to ready, which unblocks its Export button, and announces 'Export Completed' in every
 * tab. Registered at app start (app/install-handlers.ts): the notification may arrive while no toolbar is shown.
 */
import { is } from 'superstruct';
import { Notification } from '../../api/contracts/session';
import { db } from '../../db/db';
import { type Announcement, registerLiveEffect } from '../../sync/live-effects';

export const EXPORT_COMPLETED: Announcement = {
  kind: 'success',
  header: 'Export Completed',
  body: 'Your file is ready. Please check your notifications to download it.',
};

async function unblockExports(
  userId: number,
  notificationId: number,
  exportId: number | null,
  index: string | null,
  now: number,
) {
  // A row waiting for another known export (an older file's late notification) stays waiting.
  const waiting = await db.exportsReady
    .where('user_id')
    .equals(userId)
    .filter((row) => row.status === 'waiting' && (row.export_id === null || row.export_id === exportId))
    .toArray();
  const byExport = waiting.filter((row) => row.export_id !== null); // waiting for exactly this one
  const byType = waiting.filter((row) => row.type === index);
  const matching = byExport.length > 0 ? byExport : byType.length > 0 ? byType : waiting;
  for (const row of matching) {
    await db.exportsReady.put({
      ...row,
      status: 'ready',
      notification_id: notificationId,
      export_id: exportId,
      updated_at: now,
    });
  }
}

export function registerExportLiveEffects(): () => void {
  return registerLiveEffect('notification', {
    tables: [db.exportsReady],
    apply: async (userId, payload, now) => {
      const n = payload.notification;
      if (!is(n, Notification) || n.action !== 'download') return;
      await unblockExports(userId, n.notification_id, n.id, n.index, now);
    },
    announce: (payload) => {
      const n = payload.notification;
      return is(n, Notification) && n.action === 'download' ? EXPORT_COMPLETED : null;
    },
  });
}
