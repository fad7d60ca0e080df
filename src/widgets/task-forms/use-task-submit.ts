/**
 * The submit cycle every task form shares: queue the write (task-api.ts), follow it
 * (use-task-delivery.ts), then
 * - delivered: the spec's success toast and onDone (the host closes and the list refreshes);
 * - offline (or the connection dropped): onDone at once; the task shows "Pending sync" and the
 *   outbox delivers it, files included, when the connection returns;
 * - refused: the server's message shows in the form, whose values stay as entered. Sending
 *   again replaces the refused write (one submission per task in the outbox).
 */
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../db/use-session';
import { useOffline } from '../../sync/connectivity';
import { discardItem } from '../../sync/outbox';
import { toastSuccess } from '../../ui/toast';
import { submitTask, type TaskWrite } from './task-api';
import { useTaskDelivery } from './use-task-delivery';

export type Success = { header: string; body?: string };

export function useTaskSubmit(success: Success, onDone: () => void) {
  const { user_id: userId } = useSession();
  const [itemId, setItemId] = useState<number | null>(null);
  const delivery = useTaskDelivery(itemId);
  const offline = useOffline();
  // The submission that has ended: a host that stays open (the profile tab) submits again.
  const done = useRef<number | null>(null);

  useEffect(() => {
    if (itemId === null || done.current === itemId) return;
    if (delivery.state === 'delivered') {
      done.current = itemId;
      toastSuccess(success.header, success.body);
      onDone();
    } else if (delivery.state === 'waiting' && offline) {
      done.current = itemId;
      onDone();
    }
  }, [delivery.state, offline, itemId, onDone, success]);

  const submit = async (write: Omit<TaskWrite, 'userId'>) => {
    if (userId === null) return;
    if (itemId !== null && delivery.state === 'failed') await discardItem(itemId);
    setItemId(await submitTask({ ...write, userId }));
  };

  return {
    submit,
    delivery,
    sending: itemId !== null && (delivery.state === 'waiting' || delivery.state === 'idle'),
    error: delivery.state === 'failed' ? delivery.error : null,
  };
}
