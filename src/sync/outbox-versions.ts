/**
 * The version a write about a record is based on, as plain functions over stored rows (no outbox
 * imports, so the journal's replay can use them too; the model is api/contracts/versions.ts).
 *
 * - The version read: given by the screen that showed the record, or a field of this device's
 *   stored answer of a GET path (`StoredField`, plain data so a journal entry can carry it).
 * - Behind unsent writes about the same record, a write is based on what the newest of them will
 *   make: its base + 1 (every applied edit raises a version by exactly one).
 */
import type { OutboxItem } from '../db/app-db';
import { apiUrl, readResponse, requestKey } from './response-cache';

/** Where a record's version is in a stored read: the GET path, and the field's keys from the answer's root. */
export type StoredField = { path: string; field: string[] };

/** The version a write was made from, as its JSON body carries it (`based_on_version`). */
export function versionIn(body: OutboxItem['body']): number | undefined {
  if (body.kind !== 'json' || !body.json || typeof body.json !== 'object') return undefined;
  const value = (body.json as Record<string, unknown>).based_on_version;
  return typeof value === 'number' ? value : undefined;
}

/** A JSON body with the version it is based on (none known: the body as it is). */
export function withVersion<B extends object>(body: B, version: number | undefined): B {
  return version === undefined ? body : { ...body, based_on_version: version };
}

/** The version after the unsent ones among `items` (a record's writes, oldest first), else `read`. */
export function versionAfter(items: OutboxItem[], read: number | undefined): number | undefined {
  const ahead = items
    .filter((item) => item.status !== 'failed')
    .map((item) => versionIn(item.body))
    .filter((v) => v !== undefined);
  const last = ahead.at(-1);
  return last === undefined ? read : last + 1;
}

/** The version of a record in this device's stored answer of a GET `path` (undefined: none stored). */
export async function storedVersion(
  userId: number,
  path: string,
  pick: (data: unknown) => unknown,
): Promise<number | undefined> {
  const row = await readResponse(requestKey(userId, 'GET', apiUrl(path)));
  if (!row) return undefined;
  try {
    const value = pick(row.data);
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The version at a stored field (see StoredField). */
export const storedFieldVersion = (userId: number, { path, field }: StoredField) =>
  storedVersion(userId, path, (data) =>
    field.reduce<unknown>((at, key) => (at as Record<string, unknown> | null)?.[key], data),
  );
