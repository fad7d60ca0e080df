/**
 * The sweep of uploads that never arrived: a presign makes a `files` row before the bytes are
 * sent, so a presign whose answer was lost (before presign became idempotent), or an upload the
 * user gave up on, leaves a row nobody will ever upload to. Once a day old (far past the upload
 * URL's hour), such rows are deleted with whatever object a store holds for them.
 *
 * - Except a row whose bytes did arrive: on S3 the browser PUTs to the bucket and the server checks
 *   the object only when a task names it, which an offline device may do days later. A row whose
 *   object passes those checks is accepted instead (accept-upload.ts: the row then names a checked
 *   copy); one that fails them is deleted with it.
 *
 * - A recurring job (server/jobs/, `every`): one row for the kind, so two instances never sweep at
 *   once; a sweep does whatever is due, so a repeat finds nothing left.
 * - Only rows never uploaded: an uploaded file is the user's until they delete it. A row never
 *   uploaded was never attached (attachFiles refuses it), so nothing refers to it.
 * - The object is removed before its row: a crash in between leaves a row to sweep again, never an
 *   object nobody knows of.
 */
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/activities';
import { registerJobHandler } from '../../jobs/queue';
import { nowMs } from '../../lib/clock';
import { acceptStored } from './accept-upload';
import type { FileStorage } from './file-storage';
import { storageFor } from './storage';

export const UPLOAD_SWEEP_JOB = 'upload-sweep';
/** A presigned row this old with no bytes is abandoned. */
export const ABANDONED_UPLOAD_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;
const BATCH = 200;

/**
 * Never-uploaded rows older than ABANDONED_UPLOAD_MS: kept (marked uploaded) when their object
 * passes the checks, else deleted with it. Answers how many were deleted.
 */
export async function sweepAbandonedUploads(db: Db, storage: FileStorage): Promise<number> {
  const before = new Date(nowMs() - ABANDONED_UPLOAD_MS);
  let swept = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(files)
      .where(and(isNull(files.uploaded_at), lt(files.created_at, before)))
      .orderBy(files.created_at)
      .limit(BATCH);
    if (rows.length === 0) return swept;
    const abandoned: number[] = [];
    for (const row of rows) {
      const demo = row.storage_key.startsWith('demo/');
      // Kept the way a task accepts it: as a checked copy no presigned URL can write.
      if (!demo && (await acceptStored(db, storage, row)) === null) continue;
      if (!demo) await storage.remove(row.storage_key);
      abandoned.push(row.id);
    }
    if (abandoned.length > 0)
      await db.delete(files).where(and(inArray(files.id, abandoned), isNull(files.uploaded_at)));
    swept += abandoned.length;
  }
}

registerJobHandler(
  UPLOAD_SWEEP_JOB,
  async (_payload, { db, config, log }) => {
    const swept = await sweepAbandonedUploads(db, storageFor(config));
    if (swept > 0) log.info({ swept }, 'abandoned uploads swept');
  },
  { every: SWEEP_EVERY_MS },
);
