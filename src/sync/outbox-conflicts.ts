/**
 * Writes that edit a record carry the version they were made from (the model is
 * api/contracts/versions.ts); this module is the outbox's side of it: which version a new write is
 * based on, and the two ways out of a conflict the server answered.
 *
 * - The version comes from what this device read: the record's stored read answer, or the record a
 *   screen holds (its read): outbox-versions.ts. It goes into the JSON body as `based_on_version` when
 *   the write is queued, so a replay sends exactly what was queued.
 * - A write queued behind an unsent one about the same record (same tag) is based on what that one
 *   will make: its base + 1 (every applied edit raises a version by exactly one). Otherwise the
 *   second of two offline edits would be refused as a conflict with the first.
 * - "Keep mine" resends the same change based on the version the conflict named, under a NEW
 *   Idempotency-Key (the refused key is judged afresh anyway, but a new one says it is a new
 *   request). "Take the server's" discards the write and refreshes the reads it affects.
 */
import type { OutboxItem, OutboxTag } from '../db/app-db';
import { db } from '../db/db';
import { discardItem, editItem } from './outbox';
import { versionAfter, versionIn, withVersion } from './outbox-versions';
import { refreshReads } from './read-refresh';
import { writesFor } from './use-pending-writes';

/**
 * The version a new write about `tag` is based on: after the newest unsent write about the same
 * record, else the version read. Undefined (no version known, e.g. a copy stored before versions):
 * the write is sent without one and applies as before.
 */
export async function baseVersion(
  userId: number,
  tag: OutboxTag,
  read: number | undefined,
): Promise<number | undefined> {
  return versionAfter(await writesFor(userId, tag), read);
}

/**
 * The version an edit of a kept item is based on: the server's after a conflict (the user saw
 * both and sends theirs again), else the one the item was made from, else the version read.
 */
export function editedVersion(item: OutboxItem, read: number | undefined): number | undefined {
  return item.conflict?.version ?? versionIn(item.body) ?? read;
}

/**
 * Replaces a kept item's body with `body` based on `version`, queued again under a new key (`key`:
 * the one a journaled write was given, so its journal entry names this row).
 */
export async function rebaseItem(
  id: number,
  body: object,
  version: number | undefined,
  key?: string,
): Promise<void> {
  await db.outbox.update(id, { conflict: null });
  await editItem(id, withVersion(body, version), Date.now(), key);
}

/** "Keep mine": the same change, sent again on the server's current version (a new key). */
export async function keepMine(id: number): Promise<void> {
  const item = await db.outbox.get(id);
  if (!item?.conflict || item.body.kind !== 'json') return;
  await rebaseItem(id, item.body.json as object, item.conflict.version);
}

/** "Take the server's": the change is dropped and the screens read the server's value again. */
export async function takeServers(id: number): Promise<void> {
  const gone = await discardItem(id);
  if (gone) await refreshReads(gone.user_id, gone.refresh ?? []);
}
