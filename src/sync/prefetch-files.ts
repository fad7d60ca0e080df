/**
 * Files kept on the device for offline use: unpaid invoices' PDFs and the newest leads' call
 * recordings, in one Cache Storage cache per user (`portal-files-<user id>`).
 *
 * - A file is keyed by its API path without query (`/api/v1/leads/12/recording`): a recording's
 *   signed link changes with every answer, the recording does not.
 * - Sign-out deletes the cache with every other non-app cache (db/user-data.ts clearUserCaches);
 *   when the signed-in user changes, `deleteOtherUsersFiles` drops everyone else's.
 * - Recordings stay within RECORDINGS (the last `days` of leads, at most `bytes`), newest kept;
 *   PDFs within MAX_PDFS, newest stored kept.
 * - Storage is untrusted and may be missing (no Cache Storage, quota): reads answer null and
 *   writes answer false, never throw; a full quota is reported (storage.ts).
 */
import { endpointPath } from '../api/contracts/endpoints';
import { API_PREFIX } from './response-cache';
import { isQuotaError, reportStorageFull } from './storage';

const env = import.meta.env as Record<string, string | undefined>;
const setting = (name: string, fallback: number) => {
  const value = Number(env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

/** The recordings budget (build-time settings VITE_RECORDINGS_DAYS and VITE_RECORDINGS_MB). */
export const RECORDINGS = {
  days: setting('VITE_RECORDINGS_DAYS', 7),
  bytes: setting('VITE_RECORDINGS_MB', 50) * 1024 * 1024,
};
export const MAX_PDFS = 60;

const PREFIX = 'portal-files-';
export const filesCacheName = (userId: number) => `${PREFIX}${userId}`;

export type FileKind = 'recording' | 'pdf';
/** What the cache keeps beside a file's bytes (as headers of its stored response). */
export type StoredFile = { key: string; kind: FileKind; at: number; bytes: number; storedAt: number };

const KIND = 'x-portal-kind';
const AT = 'x-portal-at';
const BYTES = 'x-portal-bytes';
const STORED_AT = 'x-portal-stored-at';

/** A file's key: its path under the origin, without query (`/api/v1/invoices/7`). */
export const fileKey = (url: string) => new URL(url, 'http://local').pathname;
export const recordingKey = (leadId: number) =>
  `${API_PREFIX}${endpointPath('GET /leads/:id/recording', { id: leadId })}`;
export const invoicePdfKey = (invoiceId: number) =>
  `${API_PREFIX}${endpointPath('GET /invoices/:id', { id: invoiceId })}`;

const hasCaches = () => typeof caches !== 'undefined';
const origin = () => globalThis.location?.origin ?? 'http://local';
const requestOf = (key: string) => new Request(new URL(fileKey(key), origin()).href, { method: 'GET' });

async function open(userId: number): Promise<Cache | null> {
  if (!hasCaches()) return null;
  try {
    return await caches.open(filesCacheName(userId));
  } catch (error) {
    console.warn('Could not open the files cache', error);
    return null;
  }
}

function describe(key: string, response: Response): StoredFile | null {
  const kind = response.headers.get(KIND);
  const at = Number(response.headers.get(AT));
  const bytes = Number(response.headers.get(BYTES));
  const storedAt = Number(response.headers.get(STORED_AT));
  if ((kind !== 'recording' && kind !== 'pdf') || ![at, bytes, storedAt].every(Number.isFinite)) return null;
  return { key, kind, at, bytes, storedAt };
}

/** Keeps `blob` under `key` for `userId`; `at` is the item's own time (a lead's arrival). */
export async function storeFile(
  userId: number,
  key: string,
  blob: Blob,
  meta: { kind: FileKind; at: number },
  now = Date.now(),
): Promise<boolean> {
  const cache = await open(userId);
  if (!cache) return false;
  const headers = {
    'content-type': blob.type || 'application/octet-stream',
    [KIND]: meta.kind,
    [AT]: String(meta.at),
    [BYTES]: String(blob.size),
    [STORED_AT]: String(now),
  };
  try {
    await cache.put(requestOf(key), new Response(blob, { headers }));
    return true;
  } catch (error) {
    if (isQuotaError(error)) reportStorageFull();
    else console.warn('Could not store a file', error);
    return false;
  }
}

/** The stored file and what is known of it, or null. */
export async function readFile(
  userId: number,
  key: string,
): Promise<{ blob: Blob; file: StoredFile } | null> {
  const cache = await open(userId);
  try {
    const response = await cache?.match(requestOf(key));
    const file = response ? describe(key, response) : null;
    if (!response || !file) return null;
    return { blob: await response.blob(), file };
  } catch (error) {
    console.warn('Could not read a stored file', error);
    return null;
  }
}

/** What is known of a stored file (its bytes not read), or null. */
export async function storedFile(userId: number, key: string): Promise<StoredFile | null> {
  const cache = await open(userId);
  try {
    const response = await cache?.match(requestOf(key));
    return response ? describe(fileKey(key), response) : null;
  } catch {
    return null;
  }
}

/** What the user's files cache holds (no bytes read). */
export async function listFiles(userId: number): Promise<StoredFile[]> {
  const cache = await open(userId);
  if (!cache) return [];
  try {
    const keys = await cache.keys();
    const files = await Promise.all(
      keys.map(async (request) => {
        const response = await cache.match(request);
        return response ? describe(new URL(request.url).pathname, response) : null;
      }),
    );
    return files.filter((file): file is StoredFile => file !== null);
  } catch (error) {
    console.warn('Could not list stored files', error);
    return [];
  }
}

/**
 * Which files to drop: recordings of leads older than `days`, then the oldest leads' recordings
 * beyond `bytes`; PDFs beyond MAX_PDFS, oldest stored first. Pure, so the budget is tested alone.
 */
export function overBudget(files: StoredFile[], now: number, budget = RECORDINGS): string[] {
  const drop: string[] = [];
  const recordings = files.filter((f) => f.kind === 'recording').sort((a, b) => b.at - a.at);
  let used = 0;
  for (const file of recordings) {
    used += file.bytes;
    if (now - file.at > budget.days * 86_400_000 || used > budget.bytes) drop.push(file.key);
  }
  const pdfs = files.filter((f) => f.kind === 'pdf').sort((a, b) => b.storedAt - a.storedAt);
  for (const file of pdfs.slice(MAX_PDFS)) drop.push(file.key);
  return drop;
}

/** Keeps the user's files within their budget; never throws. */
export async function pruneFiles(userId: number, now = Date.now(), budget = RECORDINGS): Promise<void> {
  const drop = overBudget(await listFiles(userId), now, budget);
  const cache = drop.length ? await open(userId) : null;
  await Promise.all(drop.map((key) => cache?.delete(requestOf(key)).catch(() => false)));
}

/** Deletes the files of everyone but `userId` (null: of everyone). */
export async function deleteOtherUsersFiles(userId: number | null): Promise<void> {
  if (!hasCaches()) return;
  try {
    const names = await caches.keys();
    const others = names.filter((name) => name.startsWith(PREFIX) && name !== filesCacheName(userId ?? -1));
    await Promise.all(others.map((name) => caches.delete(name)));
  } catch (error) {
    console.warn('Could not delete other users’ files', error);
  }
}
