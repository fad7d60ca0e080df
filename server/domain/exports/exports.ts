/**
 * Export files: written under <dataDir>/exports, then moved into the file storage (storage.ts, key
 * `exports/<name>`) and handed out through short-lived links, because a plain download link cannot
 * carry the auth headers: the bucket's presigned GET on S3 storage, else our own signed URL (the
 * same shape). A link past the export's expiry, or with a bad signature, is refused.
 *
 * - Small exports (up to EXPORT_DIRECT_LIMIT rows) are written during the request and answered
 *   with their link; larger ones answer 'wait' and finish in the background (finishExportLater),
 *   ending in a 'download' notification on the live channel. That background part is a durable job
 *   (server/jobs/): a restarted or another instance finishes it when this one dies mid-export.
 * - A file is kept EXPORT_FILE_TTL_MS; after that GET /notifications/export/{id} answers null and
 *   the client says FILE_EXPIRED. Expired files are deleted by pruneExpiredExports.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, withTx } from '../../db/client';
import { dataExports } from '../../db/schema/toolbar';
import { now as clockNow, nowMs } from '../../lib/clock';
import { hmac, safeEqual } from '../../lib/crypto';
import type { LiveBus } from '../messaging/live-bus';
import { notifyUser } from '../messaging/notify';
import { storageFor } from '../storage/storage';
import { CSV_BOM } from './csv';

/** Where exports are written (dataDir, for the file being written) and kept (the storage). */
export type ExportPlace = Pick<Config, 'dataDir' | 'storage'>;
const EXPORT_TYPE = 'text/csv; charset=utf-8';
const storageKey = (name: string) => `exports/${basename(name)}`;

export const EXPORT_LINK_TTL_MS = 15 * 60_000;

export const exportsDir = (dataDir: string) => join(dataDir, 'exports');

export function signedExportUrl(secret: string, exportId: number, now = nowMs()): string {
  const expires = now + EXPORT_LINK_TTL_MS;
  const sig = hmac(secret, `export:${exportId}:${expires}`);
  return `/api/v1/exports/${exportId}/download?expires=${expires}&sig=${sig}`;
}

export function verifyExportUrl(
  secret: string,
  exportId: number,
  expires: string,
  sig: string,
  now = nowMs(),
): boolean {
  const at = Number(expires);
  if (!Number.isFinite(at) || at < now || typeof sig !== 'string') return false;
  return safeEqual(sig, hmac(secret, `export:${exportId}:${at}`));
}

/** Up to this many rows an export is written while the request waits and downloaded at once. */
export const EXPORT_DIRECT_LIMIT = 2000;
/** How long a finished file stays downloadable; after it the link answers FILE_EXPIRED. */
export const EXPORT_FILE_TTL_MS = 24 * 3600_000;

/** One exportable table type: its CSV header, how many rows a request matches, and the rows. */
export type Exporter<P> = {
  label: string;
  count: (db: Db, params: P) => Promise<number>;
  /** Header line first, then the rows, in batches so a large export never sits in memory. */
  lines: (db: Db, params: P) => AsyncIterable<string>;
};

/** Writes a CSV file under <dataDir>/exports, moves it into the storage and marks the export ready (or failed). */
export async function writeExport<P>(
  db: Db,
  place: ExportPlace,
  exportId: number,
  exporter: Exporter<P>,
  params: P,
  { final = true, now = clockNow }: { final?: boolean; now?: () => Date } = {},
): Promise<number> {
  const dir = exportsDir(place.dataDir);
  mkdirSync(dir, { recursive: true });
  // A storage key: the label's words joined by dashes ("Search Location Breakdown" has spaces).
  const slug = exporter.label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const name = `${slug}-${exportId}-${randomBytes(6).toString('hex')}.csv`;
  const path = join(dir, name);
  let rows = -1;
  try {
    const out = createWriteStream(path, { encoding: 'utf8' });
    out.write(CSV_BOM);
    for await (const line of exporter.lines(db, params)) {
      rows += 1;
      if (!out.write(line)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
    await storageFor(place).putFile(storageKey(name), path, EXPORT_TYPE);
    rmSync(path, { force: true });
  } catch (error) {
    rmSync(path, { force: true });
    // A job's attempt that fails is retried: only the request's own write (or the job giving up) fails the row.
    if (!final) throw error;
    await db
      .update(dataExports)
      .set({ status: 'failed', error: String(error).slice(0, 500), completed_at: now() })
      .where(eq(dataExports.id, exportId));
    throw error;
  }
  const completed = now();
  await db
    .update(dataExports)
    .set({
      status: 'ready',
      file_path: name,
      row_count: Math.max(0, rows),
      completed_at: completed,
      expires_at: new Date(completed.getTime() + EXPORT_FILE_TTL_MS),
    })
    .where(eq(dataExports.id, exportId));
  return Math.max(0, rows);
}

/** The job kind of a large export, and what its job carries (all it needs after a restart). */
export const EXPORT_JOB = 'export';
export type ExportJob = { exportId: number; userId: number; type: string; params: unknown };

/**
 * A large export, after the request has answered 'wait', as a durable job (enqueued in the same
 * transaction as its row): writes the file, then tells the user with a 'download' notification
 * whose id is the export (the bell and the toolbar both offer it). Safe to repeat after a crash:
 * an export already announced is left alone, a written one is announced, a partial one rewritten.
 */
export async function runExportJob<P>(
  db: Db,
  live: LiveBus,
  place: ExportPlace,
  job: ExportJob,
  exporter: Exporter<P>,
): Promise<void> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, job.exportId));
  if (!row || row.notification_id !== null) return;
  // Written before a crash that came before the notification: announce that file.
  if (row.status !== 'ready')
    await writeExport(db, place, job.exportId, exporter, job.params as P, { final: false });
  await withTx(db, async (tx) => {
    const notification = await notifyUser(tx, live, job.userId, {
      message: `Your ${exporter.label} export is ready. Click to download the CSV file.`,
      action: 'download',
      index: 'export',
      id: job.exportId,
    });
    await tx
      .update(dataExports)
      .set({ notification_id: notification.notification_id })
      .where(eq(dataExports.id, job.exportId));
  });
}

/** The export job gave up (every attempt failed): the row says failed and the user is told. */
export async function failExportJob(db: Db, live: LiveBus, job: ExportJob, label: string, error: unknown) {
  await db
    .update(dataExports)
    .set({ status: 'failed', error: String(error).slice(0, 500), completed_at: clockNow() })
    .where(eq(dataExports.id, job.exportId));
  await notifyUser(db, live, job.userId, {
    message: `Your ${label} export could not be written. Please issue export request again.`,
    action: 'no_action',
  });
}

/** Deletes the files of expired exports (run when a new export starts: cheap, and self-cleaning). */
export async function pruneExpiredExports(db: Db, place: ExportPlace, now = clockNow()): Promise<void> {
  const expired = await db
    .select({ id: dataExports.id, file_path: dataExports.file_path })
    .from(dataExports)
    .where(and(lt(dataExports.expires_at, now), isNotNull(dataExports.file_path)));
  for (const row of expired) {
    if (row.file_path) await storageFor(place).remove(storageKey(row.file_path));
    await db.update(dataExports).set({ file_path: null }).where(eq(dataExports.id, row.id));
  }
}

/** The job record of a new export (its params as asked, for the audit and a later retry). */
export async function createExportRow(db: Db, userId: number, type: string, params: unknown, rows: number) {
  const [row] = await db
    .insert(dataExports)
    .values({ user_id: userId, type, params: params as never, row_count: rows })
    .returning({ id: dataExports.id });
  return row.id;
}

/** The file of a ready, unexpired export that is still in the storage; null otherwise. */
async function usableFile(
  row: typeof dataExports.$inferSelect | undefined,
  place: ExportPlace,
  now = nowMs(),
) {
  if (!row?.file_path || row.status !== 'ready') return null;
  if (row.expires_at && row.expires_at.getTime() <= now) return null;
  const file = { key: storageKey(row.file_path), name: basename(row.file_path), id: row.id };
  return (await storageFor(place).head(file.key)) ? file : null;
}
export type ExportFile = NonNullable<Awaited<ReturnType<typeof usableFile>>>;

/** The user's own export: undefined when it is not theirs, else its usable file or null. */
export async function ownExportFile(db: Db, place: ExportPlace, userId: number, exportId: number) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.user_id, userId)));
  if (!row) return undefined;
  return usableFile(row, place);
}

/** The file behind a (verified) download link; null when it expired or is gone. */
export async function exportFile(db: Db, place: ExportPlace, exportId: number) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  return usableFile(row, place);
}

/** The download link of a usable export file: the bucket's presigned GET, or our signed URL. */
export async function exportLink(place: ExportPlace, secret: string, file: ExportFile): Promise<string> {
  const presigned = await storageFor(place).presignGet(file.key, {
    filename: file.name,
    contentType: EXPORT_TYPE,
  });
  return presigned ?? signedExportUrl(secret, file.id);
}

/** The stored file's bytes, for our own signed download link (disk storage). */
export const exportStream = (place: ExportPlace, file: ExportFile) => storageFor(place).stream(file.key);
