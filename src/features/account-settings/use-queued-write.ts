/**
 * A one-shot write of this feature that is not a form save (logo removal, an asset's deletion):
 * queued through the outbox (so it also works offline and is delivered once), then followed to
 * its end like the task forms' submissions (use-task-delivery.ts):
 * - delivered: the spec's success toast, then `onDelivered` (the host re-reads);
 * - refused: the server's reason in a toast headed 'Error' (spec part 2 §8);
 * - offline: the "saved on this device" note; it stays pending until the connection returns.
 */
import { useEffect, useRef, useState } from 'react';
import type { OutboxTag } from '../../db/app-db';
import { useSession } from '../../db/use-session';
import { isOffline, useOffline } from '../../sync/connectivity';
import { enqueue, type WriteMethod } from '../../sync/outbox';
import { queueEdit } from '../../sync/outbox-edits';
import { toastError, toastInfo, toastSuccess } from '../../ui/toast';
import { useTaskDelivery } from '../../widgets/task-forms/use-task-delivery';
import { QUEUED } from './messages';

export type QueuedWrite = {
  method: WriteMethod;
  path: string;
  label: string;
  refresh: string[];
  tag: OutboxTag;
  /** A JSON body, if any. */
  body?: object;
};

export function useQueuedWrite(success: string, onDelivered: () => void) {
  const { user_id: userId } = useSession();
  const [itemId, setItemId] = useState<number | null>(null);
  const delivery = useTaskDelivery(itemId);
  const offline = useOffline();
  const after = useRef(onDelivered);
  after.current = onDelivered;

  useEffect(() => {
    if (itemId === null) return;
    if (delivery.state === 'delivered') {
      setItemId(null);
      toastSuccess('Success', success);
      after.current();
    } else if (delivery.state === 'failed') {
      setItemId(null);
      toastError('Error', delivery.error ?? 'Something went wrong. Please try again.');
    }
  }, [delivery.state, delivery.error, itemId, success]);

  return {
    /** Queued and not yet delivered (offline: waiting for the connection). */
    pending: itemId !== null,
    busy: itemId !== null && !offline,
    /**
     * Queues `write`, journaled in the tap's task; `made`: the version of the record it changes as
     * the screen showed it (the write is then based on it, sync/outbox-edits.ts).
     */
    run: async (write: QueuedWrite, made?: { read: number | undefined }) => {
      if (userId === null) return;
      const input = { userId, ...write };
      setItemId(await (made ? queueEdit({ ...input, body: write.body ?? {} }, made) : enqueue(input)));
      if (isOffline()) toastInfo('Saved on this device', QUEUED);
    },
  };
}
