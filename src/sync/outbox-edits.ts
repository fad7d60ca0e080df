/**
 * A write that edits a record (named by its tag) from a version this device read: a review, a
 * status change, a profile section, a schedule. Queued through queueWrite (outbox.ts), so it is
 * journaled in the tap's own task and a page load straight after the tap keeps it.
 *
 * - The journal entry carries the version known at the tap (`read` as a number: the screen's) or
 *   where it is stored (`read` as a StoredField); the transaction, or the journal's replay when
 *   the transaction never committed, bases it after the unsent writes about the same record.
 * - `joins`: which unsent write about the record takes the new body instead of a second write
 *   (one review, one profile save, one schedule waits at a time); it keeps its place and is sent
 *   under the journaled write's key.
 * - `refuse`: a message thrown, nothing queued, while a write about the record still waits (not
 *   refused by the server).
 */
import type { OutboxItem, OutboxTag } from '../db/app-db';
import { db } from '../db/db';
import { type EnqueueInput, queueWrite, toOutboxBody } from './outbox';
import { editedVersion, rebaseItem } from './outbox-conflicts';
import { type StoredField, storedFieldVersion, versionAfter, withVersion } from './outbox-versions';
import { writesFor } from './use-pending-writes';

export type EditWrite = EnqueueInput & { tag: OutboxTag; body: object };

export type EditRules = {
  /** The version the change was made from: as the screen read it, or where the device stores it. */
  read: number | undefined | StoredField;
  joins?: (item: OutboxItem) => boolean;
  refuse?: string;
};

/** Queues an edit of a record (see the header). Answers the outbox id to follow. */
export async function queueEdit(write: EditWrite, rules: EditRules): Promise<number> {
  const stored = typeof rules.read === 'object' ? rules.read : undefined;
  const known = typeof rules.read === 'number' ? rules.read : undefined;
  const input = { ...write, body: withVersion(write.body, known), versionFrom: stored };
  const id = await queueWrite(input, [db.responses], async (item) => {
    const writes = await writesFor(write.userId, write.tag);
    if (rules.refuse && writes.some((w) => w.status !== 'failed')) throw new Error(rules.refuse);
    const read = stored ? await storedFieldVersion(write.userId, stored) : known;
    const joined = rules.joins ? writes.filter(rules.joins).at(-1) : undefined;
    if (joined?.id !== undefined) {
      await rebaseItem(joined.id, write.body, editedVersion(joined, read), item.idempotency_key);
      return joined.id;
    }
    item.body = toOutboxBody(withVersion(write.body, versionAfter(writes, read)));
    return true;
  });
  if (id === null) throw new Error('The write was not queued.');
  return id;
}

/** `joins` of a write kept until the user changes it again: any not yet on the wire (waiting or refused). */
export const notSending = (item: OutboxItem) => item.status !== 'sending';
