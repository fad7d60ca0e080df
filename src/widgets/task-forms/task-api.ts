/**
 * How every task form submits (spec part 2 §7): through the outbox, online or not, so a task
 * submitted on a dead connection is delivered once on reconnect. Files go in with the write
 * (sync/outbox-files.ts: presign, PUT with Content-MD5, then the POST naming them by signed_id).
 *
 * - The write is tagged {type: 'task', id: activity id}, so the task list shows "Pending sync"
 *   or the server's refusal on the task (usePendingWrites).
 * - Delivered writes refresh the task list and the form's own read.
 * - A form that edits a record that outlives the task (business, service, company details) names
 *   the version it showed (`record`); the write carries it as `based_on_version`, chained after an
 *   unsent write of the same task (sync/outbox-conflicts.ts), so a change made meanwhile elsewhere
 *   is shown as a conflict in the outbox. Task forms that only complete a task carry none.
 */
import { endpointPath } from '../../api/contracts/endpoints';
import type { OutboxTag } from '../../db/app-db';
import { enqueue } from '../../sync/outbox';
import { baseVersion } from '../../sync/outbox-conflicts';
import { queueEdit } from '../../sync/outbox-edits';
import { enqueueWithFiles, type UploadInput, uploadRef } from '../../sync/outbox-files';
import { withVersion } from '../../sync/outbox-versions';

export const TASK_TAG_TYPE = 'task';
export const taskTag = (activityId: number | null, key: string): OutboxTag =>
  activityId ? { type: TASK_TAG_TYPE, id: activityId } : { type: TASK_TAG_TYPE, id: key };
export const ACTIVITIES_PATH = endpointPath('GET /activities');

export type TaskWrite = {
  userId: number;
  activityId: number | null;
  key: string;
  path: string;
  label: string;
  body: Record<string, unknown>;
  /** Body fields naming files: field -> the files (one signed id, or a list of them). */
  files?: Record<string, { files: File[]; many: boolean }>;
  refresh?: string[];
  /** The record the form edits, at the version it showed (undefined: none read yet). */
  record?: { version: number | undefined };
};

/**
 * Queues the submission (with its files); answers the outbox item id. Without files it is
 * journaled in the tap's task (sync/outbox-edits.ts); with files the dialog waits for their Blobs
 * to be stored (outbox-files.ts) before it closes.
 */
export async function submitTask(write: TaskWrite): Promise<number> {
  const uploads: UploadInput[] = [];
  const tag = taskTag(write.activityId, write.key);
  const body: Record<string, unknown> = { ...write.body, activity_id: write.activityId };
  for (const [field, { files, many }] of Object.entries(write.files ?? {})) {
    const refs = files.map((file) => {
      uploads.push({ blob: file, filename: file.name, contentType: file.type });
      return uploadRef(uploads.length - 1);
    });
    body[field] = many ? refs : (refs[0] ?? null);
  }
  const input = {
    userId: write.userId,
    method: 'POST' as const,
    path: write.path,
    body,
    label: write.label,
    refresh: [ACTIVITIES_PATH, ...(write.refresh ?? [])],
    tag,
  };
  if (!uploads.length)
    return write.record ? queueEdit(input, { read: write.record.version }) : enqueue(input);
  const version = write.record ? await baseVersion(write.userId, tag, write.record.version) : undefined;
  return enqueueWithFiles({ ...input, body: withVersion(body, version), files: uploads });
}
