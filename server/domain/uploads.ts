/**
 * The direct-upload flow of spec part 2 §7, server side (the client side is src/sync/outbox-files.ts):
 *
 *   1. presign: a `files` row (not yet uploaded) and a signed PUT URL with the headers to send;
 *   2. receive: the PUT's bytes, checked against what was declared (Content-MD5 header and the
 *      bytes' MD5, byte size, type by the first bytes, not the name: a renamed .exe is refused),
 *      then stored (storage.ts) and marked uploaded;
 *   3. attach: a task submission names files by signed_id; only the caller's own uploaded files
 *      can be attached (another customer's signed id is not found).
 *
 * - Receiving is idempotent: the same bytes PUT again answer ok without rewriting anything.
 * - A refused PUT leaves the row not uploaded; the client asks for a new URL and tries again.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type FileRecord, MAX_FILE_BYTES, UPLOAD_MESSAGES } from '../../src/api/contracts/activities';
import type { Db } from '../db/client';
import { files } from '../db/schema/activities';
import { now as clockNow } from '../lib/clock';
import { hmac, newToken, safeEqual, sha256 } from '../lib/crypto';
import { badRequest, HttpError, notFound, unprocessable } from '../lib/errors';
import { type FileStorage, md5Base64, sniffType } from './storage';

export const UPLOAD_PATH = '/api/v1/activities/assets/upload';
const URL_TTL_MS = 60 * 60_000;

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

export async function presignUpload(
  db: Db,
  secret: string,
  owner: { organizationId: number; userId: number },
  input: PresignInput,
) {
  const signedId = newToken();
  const [row] = await db
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
      storage_key: `org-${owner.organizationId}/${sha256(signedId).slice(0, 32)}`,
    })
    .returning();
  const expires = clockNow().getTime() + URL_TTL_MS;
  const query = new URLSearchParams({ expires: String(expires), sig: signature(secret, signedId, expires) });
  return {
    direct_upload: {
      url: `${UPLOAD_PATH}/${encodeURIComponent(signedId)}?${query}`,
      headers: { 'Content-Type': input.content_type, 'Content-MD5': input.checksum },
    },
    signed_id: signedId,
    id: row.id,
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
  if (bytes.length !== row.byte_size) throw unprocessable({ file: ['The file size does not match'] });
  if (md5Base64(bytes) !== row.checksum) throw badRequest(UPLOAD_MESSAGES.checksum);
  if (sniffType(bytes) !== row.content_type) throw unprocessable({ file: [UPLOAD_MESSAGES.type] });
  if (row.uploaded_at) return;
  await storage.put(row.storage_key, bytes);
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
  if (rows.some((r) => !r.uploaded_at)) throw unprocessable({ [field]: [UPLOAD_MESSAGES.required] });
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

/** A logo's bytes by its signed id (only files in use as a logo, uploaded, not deleted). */
export async function readLogo(db: Db, storage: FileStorage, signedId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.signed_id, signedId), eq(files.purpose, 'logo'), isNull(files.deleted_at)));
  const bytes = row?.uploaded_at ? await storage.get(row.storage_key) : null;
  if (!row || !bytes) throw notFound('Logo not found');
  return { bytes, type: row.content_type };
}
