/**
 * Toasts for live messages ('One-time payment failed', 'Export Completed'), in every open tab:
 * each tab watches the messages the leader tab stores (a Dexie live query), so the toast shows
 * wherever the user is looking, once per tab and message, never for messages older than the tab.
 * Raised as notices (lib/notices.ts): main.tsx decides they are toasts.
 */
import { liveQuery } from 'dexie';
import { db } from '@/db/db';
import { peekSession } from '@/db/session';
import { notify } from '@/lib/notices';
import { announcementFor } from './live-effects';

export function startLiveAnnouncements(since = Date.now()): () => void {
  const seen = new Set<string>();
  const subscription = liveQuery(() =>
    db.liveMessages.where('received_at').aboveOrEqual(since).toArray(),
  ).subscribe({
    next: (rows) => {
      const userId = peekSession().user_id;
      for (const row of rows) {
        const id = `${row.user_id}:${row.id}`;
        if (row.user_id !== userId || seen.has(id)) continue;
        seen.add(id);
        const announcement = announcementFor(row.payload);
        if (announcement) notify(announcement);
      }
    },
    error: (error: unknown) => console.warn('Live announcements stopped', error),
  });
  return () => subscription.unsubscribe();
}
