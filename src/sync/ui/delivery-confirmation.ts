/**
 * "1 change sent": said once, when changes that had to wait (made offline, retried after a
 * failure, or queued before this page was loaded: a reload or a browser restart ago) have all
 * reached the server. A write sent at once online is not announced (the screen already shows it),
 * and a change the user discarded is not counted as sent.
 *
 * `trackDelivery` is the pure decision (tested without a browser); `useDeliveryConfirmation`
 * feeds it the signed-in user's outbox and toasts. The sync engine sends only once the tracker
 * has seen the outbox (sync-layer.tsx `onReady`): a change queued before a restart and delivered
 * before the tracker first looked was never announced.
 */
import { useEffect, useRef } from 'react';
import type { OutboxItem } from '../../db/app-db';
import { toastSuccess } from '../../ui/toast';
import { useOutbox } from '../use-outbox';

export type DeliveryTracker = {
  /** Ids of changes seen waiting (offline, or after a failed try) and not yet gone. */
  waited: Set<number>;
  /** Of those, how many have left the outbox delivered since the last announcement. */
  sent: number;
};

export const emptyTracker = (): DeliveryTracker => ({ waited: new Set(), sent: 0 });

/** Ids the user discarded from the outbox panel: gone, but not sent. */
const discarded = new Set<number>();
export const noteDiscarded = (id: number) => discarded.add(id);
export const wasDiscarded = (id: number) => discarded.has(id);

export const sentText = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} sent`;

/**
 * Folds the current outbox into the tracker. `announce` is how many changes to report now: set
 * once every change that waited has left the outbox (delivered, discarded or refused).
 */
export function trackDelivery(
  tracker: DeliveryTracker,
  items: OutboxItem[],
  offline: boolean,
  gone: ReadonlySet<number> = discarded,
  /** When this page was loaded: a change queued before it has waited, however it is first seen. */
  loadedAt: number = performance.timeOrigin,
): { tracker: DeliveryTracker; announce: number } {
  const present = new Map(items.map((item) => [item.id as number, item]));
  const waited = new Set<number>();
  let sent = tracker.sent;
  for (const id of tracker.waited) {
    const item = present.get(id);
    if (!item) {
      if (!gone.has(id)) sent += 1;
    } else if (item.status !== 'failed') {
      waited.add(id);
    }
  }
  for (const item of items) {
    const id = item.id as number;
    // Queued before this page: the tracker (it loads after the first screen) may first see it online,
    // its delivery under way, and it has waited all the same.
    const hadToWait =
      offline ||
      item.error !== null ||
      item.paused_token !== null ||
      item.attempts > 0 ||
      item.created_at < loadedAt;
    if (item.status !== 'failed' && hadToWait) waited.add(id);
  }
  if (waited.size === 0 && sent > 0) return { tracker: emptyTracker(), announce: sent };
  return { tracker: { waited, sent }, announce: 0 };
}

/** Answers whether the tracker has seen the outbox (what waits in it now is then tracked). */
export function useDeliveryConfirmation(): boolean {
  const { items, offline, userId, loaded } = useOutbox();
  const tracker = useRef(emptyTracker());
  useEffect(() => {
    if (userId === null) {
      tracker.current = emptyTracker();
      return;
    }
    const { tracker: next, announce } = trackDelivery(tracker.current, items, offline);
    tracker.current = next;
    if (announce > 0)
      toastSuccess(sentText(announce), 'Your changes made while waiting have reached the server.');
  }, [items, offline, userId]);
  return loaded;
}
