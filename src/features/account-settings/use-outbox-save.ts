/**
 * A form's save through the outbox, as the form shows it: whether one is still pending (the
 * "Pending sync" marker), the refused one with the server's reason and field errors (put back on
 * the form's fields; a reason naming no field is also toasted), what the user typed into it (so a
 * reload still shows it), and the success toast once the server has the save.
 *
 * Delivery is watched on the queued item itself: it is gone once delivered, so the toast never
 * shows for a save the server refused.
 *
 * A save refused as a conflict (the section was changed on another device meanwhile) is `conflict`:
 * the form offers the outbox's own Keep mine / Take the server's with both values (save-state.tsx),
 * and the section's reads are fetched again at once, so what it says the server holds is current.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { OutboxTag } from '../../db/app-db';
import { db } from '../../db/db';
import { isOffline } from '../../sync/connectivity';
import { refreshReads } from '../../sync/read-refresh';
import { conflictOf } from '../../sync/ui/outbox-conflict';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { useRefusalErrors } from '../../ui/form/use-refusal-errors';
import { toastError, toastInfo, toastSuccess } from '../../ui/toast';
import { QUEUED } from './messages';

const WAITING = 'waiting';

export function useOutboxSave<V extends FieldValues>(
  tag: OutboxTag,
  form: UseFormReturn<V>,
  success: string,
  onDelivered?: () => void,
) {
  const writes = usePendingWrites(tag);
  const item = writes.latest;
  const [sentId, setSentId] = useState<number | null>(null);
  const delivered = useRef(onDelivered);
  delivered.current = onDelivered;
  const sent = useLiveQuery(
    async () => (sentId === null ? null : ((await db.outbox.get(sentId)) ?? 'gone')),
    [sentId],
    WAITING,
  );

  useEffect(() => {
    if (sentId === null || sent === WAITING || sent === null) return;
    if (sent === 'gone') {
      setSentId(null);
      toastSuccess('Success', success);
      delivered.current?.();
    } else if (sent.status === 'failed') {
      setSentId(null);
      // A refusal that names no field is said in a toast too (spec part 2 §8).
      if (!sent.field_errors && sent.error) toastError('Error', sent.error);
    }
  }, [sent, sentId, success]);

  // A refusal's field errors go back on the fields once per refusal (the values typed stay as they
  // were); correcting a field clears its message as usual.
  const failedItem = item?.status === 'failed' ? item : undefined;
  const refusal = failedItem ? `${failedItem.id}:${failedItem.attempts}` : null;
  useRefusalErrors(form, refusal, failedItem?.field_errors);
  const conflict = conflictOf(item);
  const conflicted = conflict ? refusal : null;
  const conflictRef = useRef(conflict);
  conflictRef.current = conflict;
  // Once per refusal (the item object changes with every outbox update).
  useEffect(() => {
    const refused = conflictRef.current;
    if (conflicted && refused) void refreshReads(refused.user_id, refused.refresh ?? []);
  }, [conflicted]);

  const typed =
    item && item.body.kind === 'json' && item.body.json && typeof item.body.json === 'object'
      ? (item.body.json as Partial<V>)
      : null;

  return {
    pending: writes.pending,
    /** The server's reason, unless it named fields of this form (they show under the fields). */
    failed: failedItem && !failedItem.field_errors && !conflict ? (failedItem.error ?? '') : null,
    /** The save refused as a conflict, shown with both values and the two choices. */
    conflict,
    typed,
    track: (id: number) => {
      setSentId(id);
      if (isOffline()) toastInfo('Saved on this device', QUEUED);
    },
  };
}
