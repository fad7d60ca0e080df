/**
 * Accepting a file the browser PUT straight to the bucket (S3 storage): the object is copied to a
 * key no presigned URL is ever made for, the copy is checked (storage-checks.ts), and the row then
 * names the copy. A PUT URL that is still valid after acceptance (or a store that does not enforce
 * its signed Content-MD5 and length) can only write the upload key, which nothing reads any more:
 * an accepted file cannot be swapped for other bytes.
 *
 * - Keys: the upload key is `org-<id>/<hash of the signed id>`, made at presign and the only key a
 *   PUT is ever presigned for (uploads.ts presignUpload, also when a presign is repeated after the
 *   file was accepted); the accepted key is the same under `accepted/`.
 * - The check runs on the copy, never on the upload key: bytes written between a check and a copy
 *   cannot slip in.
 * - A refused copy is deleted; a refused upload object stays for the row's own fate (the task is
 *   refused and the user uploads again, or the sweep deletes it).
 * - Disk storage receives uploads through the API's PUT route, which checks the bytes on every PUT
 *   and refuses other bytes for an accepted file (uploads.ts receiveUpload): nothing to copy there.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { UPLOAD_MESSAGES } from '../../../src/api/contracts/activities';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/activities';
import { now } from '../../lib/clock';
import { sha256 } from '../../lib/crypto';
import type { FileStorage } from './file-storage';
import { checkStored } from './storage-checks';

type FileRow = typeof files.$inferSelect;

const ACCEPTED = 'accepted/';

/** The key a file's presigned PUT writes. */
export const uploadKey = (organizationId: number, signedId: string) =>
  `org-${organizationId}/${sha256(signedId).slice(0, 32)}`;

/** Whether this key is an accepted copy (no presigned URL writes it). */
export const isAcceptedKey = (key: string) => key.startsWith(ACCEPTED);

/**
 * Copies the row's uploaded object to its accepted key, checks the copy and marks the row uploaded
 * with it: null when accepted, else why not (an UPLOAD_MESSAGES text).
 */
export async function acceptStored(db: Db, storage: FileStorage, row: FileRow): Promise<string | null> {
  const from = uploadKey(row.organization_id, row.signed_id);
  const to = `${ACCEPTED}${from}`;
  if (!(await storage.head(from))) {
    // Nothing there: never uploaded, or accepted meanwhile by a request that named it at once.
    const [current] = await db.select({ at: files.uploaded_at }).from(files).where(eq(files.id, row.id));
    return current?.at ? null : UPLOAD_MESSAGES.required;
  }
  await storage.copy(from, to);
  const refused = await checkStored(storage, { ...row, storage_key: to });
  if (refused) {
    await storage.remove(to);
    return refused;
  }
  await db
    .update(files)
    .set({ storage_key: to, uploaded_at: now() })
    .where(and(eq(files.id, row.id), isNull(files.uploaded_at)));
  // The upload key is read by nothing now; removing it also frees what a later PUT could store.
  await storage.remove(from).catch(() => {});
  return null;
}
