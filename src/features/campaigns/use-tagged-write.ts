/**
 * One tagged campaign write as a control shows it: pending (queued or on the wire), refused (the
 * server's message and the body the user chose), and the success toast once the write the
 * control queued has been delivered (offline, "Saved on this device" at once instead).
 *
 * `known` stays false until the device's outbox has answered: before that nobody can tell whether
 * a change is already waiting, so a control must not offer a second one (a switch that offered
 * Activate for a moment over a queued pause got the server's "still pending" refusal).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { OutboxItem, OutboxTag } from '../../db/app-db';
import { tagKey } from '../../db/app-db';
import { useSession } from '../../db/use-session';
import { isOffline } from '../../sync/connectivity';
import { discardItem } from '../../sync/outbox';
import { writesFor } from '../../sync/use-pending-writes';
import { toastInfo, toastSuccess } from '../../ui/toast';
import { bodyOf } from './campaigns-api';

export const QUEUED_MESSAGE =
  'You are offline: the change is saved on this device and sent when you reconnect.';

/** The signed-in user's writes about `tag`, oldest first; undefined until the outbox has answered. */
function useWritesAbout(tag: OutboxTag | null): OutboxItem[] | undefined {
  const { user_id: userId } = useSession();
  const key = tag ? tagKey(tag) : null;
  return useLiveQuery(
    async () => (userId === null || tag === null ? [] : writesFor(userId, tag)),
    // The key stands for the tag: a new object with the same type and id asks the same question.
    [userId, key],
  );
}

export function useTaggedWrite<B>(tag: OutboxTag | null) {
  const items = useWritesAbout(tag);
  const [awaiting, setAwaiting] = useState<{ id: number; message: string } | null>(null);

  useEffect(() => {
    if (!awaiting || !items) return;
    const item = items.find((i) => i.id === awaiting.id);
    if (item?.status === 'failed') setAwaiting(null);
    else if (!item) {
      toastSuccess('Success', awaiting.message);
      setAwaiting(null);
    }
  }, [awaiting, items]);

  const waiting = (items ?? []).filter((i) => i.status !== 'failed');
  const failedItem = (items ?? []).filter((i) => i.status === 'failed').at(-1);
  return {
    known: items !== undefined,
    pending: waiting.length > 0,
    /** The chosen body of the newest write still queued (what the row shows meanwhile). */
    queued: bodyOf<B>(waiting.at(-1)),
    failed: failedItem ? { error: failedItem.error ?? '', body: bodyOf<B>(failedItem) } : null,
    discard: () => (failedItem?.id !== undefined ? discardItem(failedItem.id) : Promise.resolve(undefined)),
    /** Call with the outbox id enqueue answered and the spec's success message. */
    track: (id: number, message: string) => {
      if (isOffline()) toastInfo('Saved on this device', QUEUED_MESSAGE);
      setAwaiting({ id, message });
    },
  };
}
