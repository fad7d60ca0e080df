/**
 * The direct-upload flow of spec part 2 §7, server side (the client side is src/sync/outbox-files.ts):
 *
 *   1. presign: a `files` row (not yet uploaded) and a signed PUT URL with the headers to send:
 *      the bucket's presigned URL on S3 storage, else this server's PUT route (storage.ts);
 *   2. receive: the bytes, checked against what was declared (Content-MD5 and the bytes' MD5, byte
 *      size, type by the first bytes, not the name: a renamed .exe is refused) and marked uploaded.
 *      On disk the PUT route does it (receiveUpload); on S3 the browser PUT to the bucket, and the
 *      same checks run when a task first names it, on a copy no PUT URL can write
 *      (accept-upload.ts), which the row then names;
 *   3. attach: a task submission names files by signed_id; only the caller's own uploaded files
 *      can be attached (another customer's signed id is not found).
 *
 * - Presign is idempotent per Idempotency-Key (the outbox item's key and the file's place): a
 *   repeat whose first answer was lost gets the same row with a fresh URL, never a second row.
 *   Rows whose bytes never arrived are swept after a day (storage-sweep.ts).
 * - Upload URLs work for UPLOAD_URL_SECONDS. Receiving is idempotent: the same bytes PUT again
 *   answer ok without rewriting anything; other bytes are refused, also once accepted.
 * - A refused PUT leaves the row not uploaded; the client asks for a new URL and tries again.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type FileRecord, MAX_FILE_BYTES, UPLOAD_MESSAGES } from '../../../src/api/contracts/activities';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/activities';
import { now as clockNow } from '../../lib/clock';
import { hmac, newToken, safeEqual } from '../../lib/crypto';
import { badRequest, HttpError, notFound, unprocessable } from '../../lib/errors';
import { acceptStored, isAcceptedKey, uploadKey } from './accept-upload';
import type { FileStorage } from './file-storage';
import { md5Base64, processStorage, sniffType } from './storage';
import { checkStored, SIZE_MISMATCH } from './storage-checks';

export const UPLOAD_PATH = '/api/v1/activities/assets/upload';
/** How long an upload URL works: minutes, as the browser PUTs right after asking for it. */
export const UPLOAD_URL_SECONDS = 10 * 60;
/** As plugins/idempotency.ts accepts them. */
const PRESIGN_KEY = /^[\w.:-]{8,200}$/;

type FileRow = typeof files.$inferSelect;

export type PresignInput = {
  filename: string;
  checksum: string;
  byte_size: number;
  content_type: string;
  purpose?: string;
};

const signature = (secret: string, signedId: string, expires: number) =>
  hmac(secret, `upload:${signedId}:${expires}`);

export function verifyUploadUrl(secret: string, signedId: unknown, expires: unknown, sig: unknown): boolean {
  if (typeof signedId !== 'string' || typeof expires !== 'string' || typeof sig !== 'string') return false;
  const at = Number(expires);
  if (!Number.isInteger(at) || at < clockNow().getTime()) return false;
  return safeEqual(sig, signature(secret, signedId, at));
}

/** The presign request's Idempotency-Key header: absent, or a valid key (else 400). */
export function presignKeyOf(header: string | string[] | undefined): string | null {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return null;
  if (!PRESIGN_KEY.test(key)) throw badRequest('Idempotency-Key must be 8 to 200 letters, digits or -_.:');
  return key;
}

const sameDeclaration = (row: FileRow, input: PresignInput) =>
  row.filename === input.filename &&
  row.checksum === input.checksum &&
  row.byte_size === input.byte_size &&
  row.content_type === input.content_type &&
  row.purpose === (input.purpose ?? 'upload');

/** The caller's row of this presign key, if one was made: the same declaration or a 422. */
async function presignedBefore(db: Db, userId: number, key: string, input: PresignInput) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.user_id, userId), eq(files.presign_key, key), isNull(files.deleted_at)));
  if (row && !sameDeclaration(row, input))
    throw unprocessable({ 'Idempotency-Key': ['This key was already used with a different request'] });
  return row;
}

export async function presignUpload(
  db: Db,
  secret: string,
  storage: FileStorage,
  owner: { organizationId: number; userId: number },
  input: PresignInput,
  key: string | null = null,
) {
  let row = key ? await presignedBefore(db, owner.userId, key, input) : undefined;
  if (!row) {
    const signedId = newToken();
    [row] = await db
      .insert(files)
      .values({
        organization_id: owner.organizationId,
        user_id: owner.userId,
        purpose: input.purpose ?? 'upload',
        filename: input.filename,
        byte_size: input.byte_size,
        content_type: input.content_type,
        checksum: input.checksum,
        signed_id: signedId,
        presign_key: key,
        storage_key: uploadKey(owner.organizationId, signedId),
      })
      // The same key at the same moment (a retry racing its lost original): one row, both answered.
      .onConflictDoNothing({ target: [files.user_id, files.presign_key] })
      .returning();
    row ??= await presignedBefore(db, owner.userId, key as string, input);
  }
  if (!row) throw new HttpError(409, { errors: 'This upload is being prepared by another request, retry' });
  const declared = { contentType: input.content_type, checksum: input.checksum, byteSize: input.byte_size };
  // Always the upload key: once accepted, storage_key names a copy no PUT URL may write.
  const putKey = uploadKey(row.organization_id, row.signed_id);
  const direct = await storage.presignPut(putKey, declared, UPLOAD_URL_SECONDS);
  return {
    direct_upload: direct ?? apiUpload(secret, row.signed_id, input),
    signed_id: row.signed_id,
    id: row.id,
  };
}

/** The disk storage's upload URL: this server's PUT route, signed with our secret. */
function apiUpload(secret: string, signedId: string, input: PresignInput) {
  const expires = clockNow().getTime() + UPLOAD_URL_SECONDS * 1000;
  const query = new URLSearchParams({ expires: String(expires), sig: signature(secret, signedId, expires) });
  return {
    url: `${UPLOAD_PATH}/${encodeURIComponent(signedId)}?${query}`,
    headers: { 'Content-Type': input.content_type, 'Content-MD5': input.checksum },
  };
}

/** Step 2: checks the bytes against the declaration, then stores them. */
export async function receiveUpload(
  db: Db,
  storage: FileStorage,
  signedId: string,
  contentMd5: string | undefined,
  bytes: Buffer,
): Promise<void> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.signed_id, signedId), isNull(files.deleted_at)));
  if (!row) throw notFound('Upload not found');
  if (contentMd5 !== row.checksum) throw badRequest(UPLOAD_MESSAGES.checksum);
  if (bytes.length > MAX_FILE_BYTES) throw new HttpError(413, { errors: UPLOAD_MESSAGES.size });
  if (bytes.length !== row.byte_size) throw unprocessable({ file: [SIZE_MISMATCH] });
  if (md5Base64(bytes) !== row.checksum) throw badRequest(UPLOAD_MESSAGES.checksum);
  if (sniffType(bytes) !== row.content_type) throw unprocessable({ file: [UPLOAD_MESSAGES.type] });
  if (row.uploaded_at) return;
  await storage.put(row.storage_key, bytes, row.content_type);
  await db.update(files).set({ uploaded_at: clockNow() }).where(eq(files.id, row.id));
}

export function toFileRecord(row: FileRow): FileRecord {
  return {
    id: row.id,
    filename: row.filename,
    byte_size: row.byte_size,
    signed_id: row.signed_id,
    extention: row.content_type,
    activity_id: row.activity_id,
  };
}

/**
 * The caller's uploaded files named by these signed ids, now attached to `purpose` and the task.
 * Unknown or foreign ids: 404; files whose bytes never arrived: 422 under `field`.
 */
export async function attachFiles(
  db: Db,
  organizationId: number,
  signedIds: string[],
  purpose: string,
  activityId: number | null,
  field: string,
): Promise<FileRow[]> {
  if (signedIds.length === 0) return [];
  const rows = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.organization_id, organizationId),
        inArray(files.signed_id, signedIds),
        isNull(files.deleted_at),
      ),
    );
  if (rows.length !== new Set(signedIds).size) throw notFound('File not found');
  for (const row of rows) {
    if (row.uploaded_at) continue;
    // Disk uploads are checked by the PUT route: a row it did not mark never got its bytes.
    const storage = processStorage();
    if (storage.kind === 'disk') throw unprocessable({ [field]: [UPLOAD_MESSAGES.required] });
    const refused = await acceptStored(db, storage, row);
    if (refused) throw unprocessable({ [field]: [refused] });
  }
  return db
    .update(files)
    .set({ purpose, activity_id: activityId })
    .where(
      inArray(
        files.id,
        rows.map((r) => r.id),
      ),
    )
    .returning();
}

export async function filesOf(db: Db, organizationId: number, purpose: string): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(
      and(eq(files.organization_id, organizationId), eq(files.purpose, purpose), isNull(files.deleted_at)),
    )
    .orderBy(files.id);
}

export async function deleteOwnFile(db: Db, storage: FileStorage, organizationId: number, id: number) {
  const [row] = await db
    .update(files)
    .set({ deleted_at: clockNow() })
    .where(and(eq(files.id, id), eq(files.organization_id, organizationId), isNull(files.deleted_at)))
    .returning();
  if (!row) throw notFound('File not found');
  if (!row.storage_key.startsWith('demo/')) await storage.remove(row.storage_key).catch(() => {});
}

/**
 * A logo by its signed id (only files in use as a logo, uploaded, not deleted): a presigned link
 * to it on S3 storage, else its bytes.
 */
export async function readLogo(db: Db, storage: FileStorage, signedId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.signed_id, signedId), eq(files.purpose, 'logo'), isNull(files.deleted_at)));
  if (!row?.uploaded_at || row.storage_key.startsWith('demo/')) throw notFound('Logo not found');
  // Accepted before accepted copies existed: its key is still one a PUT URL wrote, so check again.
  if (storage.kind === 's3' && !isAcceptedKey(row.storage_key) && (await checkStored(storage, row)))
    throw notFound('Logo not found');
  const type = row.content_type;
  const link = await storage.presignGet(row.storage_key, { contentType: type, inline: true });
  if (link) return { link, type };
  const bytes = await storage.get(row.storage_key);
  if (!bytes) throw notFound('Logo not found');
  return { bytes, type };
}
