/**
 * Writes that carry files (task uploads): the direct-upload flow of spec part 2 §7 as one outbox
 * item in steps, each idempotent and resumable after a crash or a lost connection:
 *
 *   1. GET /activities/assets/presigned_url (filename, checksum, byte_size, content_type)
 *      -> direct_upload {url, headers}, signed_id, id          stored on the item: `presigned`
 *   2. PUT the Blob to direct_upload.url with its headers and Content-MD5
 *                                                              stored on the item: `uploaded`
 *   3. the write itself (POST the task), its JSON body naming the files through placeholders
 *      ({$upload: 0, $field: 'signed_id'}), sent with the item's Idempotency-Key.
 *
 * - A step's result is stored before the next step runs, so a retry never repeats a finished step
 *   (a file already uploaded is not uploaded again).
 * - The bytes are Blobs in `outboxFiles` (not in the item, which the Outbox panel lists often),
 *   deleted with the item once delivered or discarded; a refused step (4xx) marks the item failed
 *   and keeps them, so the user can retry. A refused PUT (the presigned URL expired, most often)
 *   also forgets that file's presigned answer: a retry asks for a new one.
 * - Steps 1 and 3 are API calls under the same rules as any write (outbox-request.ts); step 2
 *   goes to the storage, without the session's headers.
 */
import { is, number, object, record, string } from 'superstruct';
import { endpointPath } from '../api/contracts/endpoints';
import type { OutboxItem, OutboxUploadFile } from '../db/app-db';
import { db } from '../db/db';
import type { Session } from '../db/session';
import { contentMd5 } from './md5';
import { add, type EnqueueInput, toItem } from './outbox';
import {
  classify,
  noAnswer,
  type Outcome,
  type RequestDeps,
  readJson,
  requestSignal,
  sendItem,
} from './outbox-request';
import { API_PREFIX } from './response-cache';
import { sessionHeaders } from './session-headers';

export const PRESIGN_PATH = endpointPath('GET /activities/assets/presigned_url');
const FILE_GONE_MESSAGE =
  'The file of this change is no longer on this device. Discard it and add the file again.';

/** The presigned-URL answer (spec part 2 §7). */
const PresignedUpload = object({
  direct_upload: object({ url: string(), headers: record(string(), string()) }),
  signed_id: string(),
  id: number(),
});
type Presigned = NonNullable<OutboxUploadFile['presigned']>;

export type UploadInput = { blob: Blob; filename: string; contentType?: string };

/** Where the body names an uploaded file: replaced at send time by that file's signed_id or id. */
export type UploadRef = { $upload: number; $field: 'signed_id' | 'id' };
export const uploadRef = (index: number, field: UploadRef['$field'] = 'signed_id'): UploadRef => ({
  $upload: index,
  $field: field,
});

/**
 * Queues a write that uploads `files` first. Hashes the files, then stores them and the item in
 * one transaction of its own (hashing cannot run inside one): call it outside any transaction.
 */
export async function enqueueWithFiles(
  input: EnqueueInput & { files: UploadInput[] },
  now = Date.now(),
): Promise<number> {
  const checksums = await Promise.all(input.files.map((file) => contentMd5(file.blob)));
  return db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    const uploads: OutboxUploadFile[] = [];
    for (const [index, file] of input.files.entries()) {
      const fileId = (await db.outboxFiles.add({ user_id: input.userId, blob: file.blob })) as number;
      uploads.push({
        file_id: fileId,
        filename: file.filename,
        content_type: file.contentType || file.blob.type || 'application/octet-stream',
        byte_size: file.blob.size,
        checksum: checksums[index],
        presigned: null,
        uploaded: false,
      });
    }
    return add({ ...toItem(input, now), uploads });
  });
}

const isRef = (value: unknown): value is UploadRef =>
  typeof value === 'object' && value !== null && '$upload' in value && '$field' in value;

/** The body with every UploadRef replaced by its file's id. */
function resolveRefs(value: unknown, uploads: OutboxUploadFile[]): unknown {
  if (isRef(value)) return uploads[value.$upload]?.presigned?.[value.$field] ?? null;
  if (Array.isArray(value)) return value.map((entry) => resolveRefs(entry, uploads));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, resolveRefs(entry, uploads)]),
    );
  return value;
}

/** Stores one file's progress on the item before the next step runs. */
async function saveUpload(item: OutboxItem, index: number, change: Partial<OutboxUploadFile>) {
  const uploads = (item.uploads ?? []).map((upload, i) => (i === index ? { ...upload, ...change } : upload));
  item.uploads = uploads;
  await db.outbox.update(item.id as number, { uploads });
}

/** Step 1: the presigned URL and the file's ids (keyed, so a lost answer's retry gets the same file). */
async function presign(upload: OutboxUploadFile, key: string, session: Session, deps: RequestDeps) {
  const query = new URLSearchParams({
    filename: upload.filename,
    checksum: upload.checksum,
    byte_size: String(upload.byte_size),
    content_type: upload.content_type,
  });
  const { signal, timeout } = requestSignal(deps);
  let response: Response;
  try {
    response = await (deps.fetch ?? fetch)(`${API_PREFIX}${PRESIGN_PATH}?${query}`, {
      method: 'GET',
      headers: { ...sessionHeaders(session), Accept: 'application/json', 'Idempotency-Key': key },
      signal,
    });
  } catch {
    return noAnswer(timeout);
  }
  const data = await readJson(response);
  const outcome = classify(response.status, data, response.headers.get('retry-after'));
  if (outcome.kind === 'paused') outcome.token = session.token;
  if (outcome.kind !== 'done') return outcome;
  if (!is(data, PresignedUpload))
    return { kind: 'retry', error: 'The upload could not be prepared', offline: false } satisfies Outcome;
  return { kind: 'presigned', presigned: data } as const;
}

/** Step 2: the bytes to the storage. */
async function upload(file: OutboxUploadFile, presigned: Presigned, blob: Blob, deps: RequestDeps) {
  const { signal, timeout } = requestSignal(deps);
  let response: Response;
  try {
    response = await (deps.fetch ?? fetch)(presigned.url, {
      method: 'PUT',
      headers: {
        'Content-Type': file.content_type,
        'Content-MD5': file.checksum,
        ...presigned.headers,
      },
      body: blob,
      signal,
    });
  } catch {
    return noAnswer(timeout);
  }
  await response.body?.cancel();
  if (response.ok) return null;
  // Storage answers carry no API error shape: classify by status alone (401/403 mean an expired
  // URL here, not our session: refused, and a retry asks for a new URL).
  const outcome = classify(response.status === 401 || response.status === 403 ? 400 : response.status, null);
  return outcome.kind === 'failed' ? { ...outcome, error: 'The file upload was refused' } : outcome;
}

/** Runs the steps still to do, then sends the write. Never throws. */
export async function sendWithUploads(
  item: OutboxItem,
  session: Session,
  deps: RequestDeps,
): Promise<Outcome> {
  const uploads = item.uploads ?? [];
  for (let index = 0; index < uploads.length; index += 1) {
    if (deps.signal?.aborted) return { kind: 'retry', error: 'Stopped', offline: false };
    const file = (item.uploads ?? [])[index];
    if (file.uploaded) continue;
    let presigned = file.presigned;
    if (!presigned) {
      const answer = await presign(file, `${item.idempotency_key}:file-${index}`, session, deps);
      if (answer.kind !== 'presigned') return answer;
      presigned = {
        url: answer.presigned.direct_upload.url,
        headers: answer.presigned.direct_upload.headers,
        signed_id: answer.presigned.signed_id,
        id: answer.presigned.id,
      };
      await saveUpload(item, index, { presigned });
    }
    const row = await db.outboxFiles.get(file.file_id);
    if (!row) return { kind: 'failed', status: 0, error: FILE_GONE_MESSAGE };
    const refused = await upload(file, presigned, row.blob, deps);
    if (refused) {
      if (refused.kind === 'failed') await saveUpload(item, index, { presigned: null });
      return refused;
    }
    await saveUpload(item, index, { uploaded: true });
  }
  const body =
    item.body.kind === 'json'
      ? { kind: 'json' as const, json: resolveRefs(item.body.json, item.uploads ?? []) }
      : item.body;
  return sendItem({ ...item, body }, session, deps);
}
