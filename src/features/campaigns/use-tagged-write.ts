/**
 * One tagged campaign write as a control shows it: pending (queued or on the wire), refused (the
 * server's message and the body the user chose), and the success toast once the write the
 * control queued has been delivered (offline, "Saved on this device" at once instead).
 */
import { useEffect, useState } from 'react';
import type { OutboxTag } from '../../db/app-db';
import { isOffline } from '../../sync/connectivity';
import { discardItem } from '../../sync/outbox';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { toastInfo, toastSuccess } from '../../ui/toast';
import { bodyOf } from './campaigns-api';

export const QUEUED_MESSAGE =
  'You are offline: the change is saved on this device and sent when you reconnect.';

export function useTaggedWrite<B>(tag: OutboxTag | null) {
  const writes = usePendingWrites(tag);
  const [awaiting, setAwaiting] = useState<{ id: number; message: string } | null>(null);

  useEffect(() => {
    if (!awaiting) return;
    const item = writes.items.find((i) => i.id === awaiting.id);
    if (item?.status === 'failed') setAwaiting(null);
    else if (!item) {
      toastSuccess('Success', awaiting.message);
      setAwaiting(null);
    }
  }, [awaiting, writes.items]);

  const failed = writes.failed;
  return {
    pending: writes.pending,
    /** The chosen body of the newest write still queued (what the row shows meanwhile). */
    queued: writes.pending ? bodyOf<B>(writes.items.filter((i) => i.status !== 'failed').at(-1)) : null,
    failed: failed ? { error: failed.error, body: bodyOf<B>(failed.item) } : null,
    discard: () => (failed?.item.id !== undefined ? discardItem(failed.item.id) : Promise.resolve(undefined)),
    /** Call with the outbox id enqueue answered and the spec's success message. */
    track: (id: number, message: string) => {
      if (isOffline()) toastInfo('Saved on this device', QUEUED_MESSAGE);
      setAwaiting({ id, message });
    },
  };
}
