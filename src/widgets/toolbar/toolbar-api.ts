/**
 * The table toolbar's calls (spec part 3 §7 "Table toolbar"), for any table type (leads,
 * campaigns, ...): the one file of the toolbar with effects.
 *
 * - Column configs, resized widths and deleting a saved filter go through the outbox: they work
 *   offline and are applied once. Each names the read it changes, refreshed once delivered; a
 *   resized width is also written into the device's copy of that read at once.
 * - Saving a filter needs the server's answer (a taken name is shown under the field), so it is a
 *   direct call with its own Idempotency-Key; offline it says so instead of pretending.
 * - An export is a direct call too: it answers a link or 'wait'. While waiting, the type's row in
 *   `exportsReady` keeps the button blocked until the live channel's download notification.
 */
import { request } from '@/api/client';
import { endpointPath } from '@/api/contracts/endpoints';
import {
  type ExportBody,
  ExportResponse,
  type FilterCondition,
  SaveFilterResponse,
  type TableColumn,
} from '@/api/contracts/toolbar';
import { db } from '@/db/db';
import { enqueue, newIdempotencyKey } from '@/sync/outbox';
import { API_PREFIX, readResponse, requestKey, storeResponse } from '@/sync/response-cache';
import { dropPrimed } from '@/sync/stored-read';

export const filtersPath = (type: string) => endpointPath('GET /filters/:type', { type });
// The table lists each type's filter fields and export as paths of their own (`GET /leads/filter_fields`),
// not as one path with a :type parameter, so those are built from the type (here and in postExport).
export const filterFieldsPath = (type: string) => `/${type}/filter_fields`;
export const tableConfigPath = (type: string) => endpointPath('GET /table/:type', { type });

export const postSavedFilter = (type: string, body: { name: string; filters: FilterCondition[] }) =>
  request(SaveFilterResponse, endpointPath('POST /filters/:type/new', { type }), {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
    toast: false,
  });

/** `path`: where the type's export answers when not at /{type}/export (a report's `.csv` path). */
export const postExport = (type: string, body: ExportBody, path?: string) =>
  request(ExportResponse, path ?? `/${type}/export`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
    toast: false,
  });

export function deleteSavedFilter(userId: number, type: string, name: string) {
  return enqueue({
    userId,
    method: 'DELETE',
    path: filtersPath(type),
    body: { name, type: 'saved' },
    label: `Delete saved filter "${name}"`,
    tag: { type: 'saved-filter', id: `${type}:${name}` },
    refresh: [filtersPath(type)],
  });
}

export function saveTableColumns(userId: number, type: string, columns: TableColumn[]) {
  return enqueue({
    userId,
    method: 'POST',
    path: tableConfigPath(type),
    body: { required_fields: columns.map(({ name, label, checked }) => ({ name, label, checked })) },
    label: 'Save table columns',
    tag: { type: 'table-columns', id: type },
    refresh: [tableConfigPath(type)],
  });
}

export function resetTableColumns(userId: number, type: string) {
  return enqueue({
    userId,
    method: 'DELETE',
    path: tableConfigPath(type),
    label: 'Reset table columns',
    tag: { type: 'table-columns', id: type },
    refresh: [tableConfigPath(type)],
  });
}

/**
 * The device's copy of the type's column config takes a resized width at once, so a reload draws
 * the column at its new width in the first frame: while the change waits offline, is on the wire,
 * or was delivered before its refresh was stored. It keeps its time (its "as of"), and the
 * server's next answer replaces it as any read's does.
 */
async function keepWidthOnDevice(userId: number, type: string, column: string, width: number) {
  const url = `${API_PREFIX}${tableConfigPath(type)}`;
  const key = requestKey(userId, 'GET', url);
  const stored = await readResponse(key);
  const fields = (stored?.data as { required_fields?: unknown } | undefined)?.required_fields;
  if (!stored || !Array.isArray(fields)) return;
  const required_fields = fields.map((field: { name?: unknown }) =>
    field?.name === column ? { ...field, width } : field,
  );
  await storeResponse(
    { userId, method: 'GET', url, data: { ...(stored.data as object), required_fields } },
    stored.stored_at,
  );
  dropPrimed(key);
}

/** Queues the width (journaled in the tap's task: first, before anything is awaited) and keeps it on the device. */
export async function saveColumnWidth(userId: number, type: string, column: string, width: number) {
  const [id] = await Promise.all([
    enqueue({
      userId,
      method: 'POST',
      path: tableConfigPath(type),
      body: { column_id: column, column_size: width },
      label: `Resize the ${column.replace(/_/g, ' ')} column`,
      tag: { type: 'table-columns', id: type },
      refresh: [tableConfigPath(type)],
    }),
    keepWidthOnDevice(userId, type, column, width).catch((error: unknown) =>
      console.warn('Could not keep the width on the device', error),
    ),
  ]);
  return id;
}

/** Blocks the type's Export button until the export's download notification arrives. */
export function markExportWaiting(userId: number, type: string, exportId: number | null) {
  return db.exportsReady.put({
    user_id: userId,
    type,
    status: 'waiting',
    notification_id: null,
    export_id: exportId,
    updated_at: Date.now(),
  });
}

export const clearExport = (userId: number, type: string) => db.exportsReady.delete([userId, type]);
