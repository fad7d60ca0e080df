/**
 * Follows one queued task submission (an outbox item) for its form: the upload progress the spec
 * shows (+10% every 500 ms up to 80%, then 100% once really delivered), and how it ended.
 *
 * - delivered: the item left the outbox (the sender deletes it once the server said 2xx);
 * - failed: the server refused it; `error` is its message (the item and its files stay);
 * - waiting: still queued (offline, or retrying after a dropped connection).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db';

export type Delivery = {
  state: 'idle' | 'waiting' | 'delivered' | 'failed';
  error: string | null;
  progress: number;
};

export const PROGRESS_STEP = 10;
export const PROGRESS_EVERY_MS = 500;
export const PROGRESS_CAP = 80;

export function useTaskDelivery(itemId: number | null): Delivery {
  const [progress, setProgress] = useState(0);
  const answer = useLiveQuery(
    async () => (itemId === null ? null : { id: itemId, item: (await db.outbox.get(itemId)) ?? null }),
    [itemId],
  );
  // Until the query for a new item answers, the hook still holds the previous item's answer.
  const found = answer?.id === itemId ? answer : undefined;
  const state: Delivery['state'] =
    itemId === null || !found
      ? 'idle'
      : found.item === null
        ? 'delivered'
        : found.item.status === 'failed'
          ? 'failed'
          : 'waiting';

  useEffect(() => {
    if (itemId === null) return setProgress(0);
    setProgress(PROGRESS_STEP);
    const timer = setInterval(
      () => setProgress((p) => Math.min(PROGRESS_CAP, p + PROGRESS_STEP)),
      PROGRESS_EVERY_MS,
    );
    return () => clearInterval(timer);
  }, [itemId]);

  return {
    state,
    error: found?.item?.status === 'failed' ? (found.item.error ?? null) : null,
    progress: state === 'delivered' ? 100 : progress,
  };
}
