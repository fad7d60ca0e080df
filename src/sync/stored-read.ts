/**
 * Stored answers of the read cache as screens use them: checked against their contract once per
 * stored copy, and read ahead of a screen's first render.
 *
 * - `checkStored` validates a stored row (storage is untrusted) and remembers the result by key and
 *   stored time: the live query re-emitting the same copy, or a screen remounting, costs no second
 *   check and yields the very same object (so memoised children see no change). A stored copy is
 *   never rewritten under the same key and time (`stored_at` is taken at each write).
 * - `rememberChecked`: a copy the api client stored (or was told the worker stored) and checked as
 *   its answer is remembered as that answer, so a fresh answer is checked once, not again when its
 *   copy comes back through the screen's live query.
 * - `primeCachedRead` reads one named read's checked copy ahead the same way, keyed as useCachedRead
 *   keys it (readRequestOf).
 * - `primeStoredRead` reads a row before its screen mounts (app/route-preload.ts starts it
 *   alongside the session read and the route's chunks), `primeStoredReads` several in one
 *   transaction (screen-reads.ts); `primedRow` hands it to the screen's first render, until the
 *   screen's own live query has answered (`dropPrimed`).
 */
import { type Struct, validate } from 'superstruct';
import type { CachedResponse } from '../db/app-db';
import { db } from '../db/db';
import {
  type ReadKeyOptions,
  readRequestOf,
  readResponse,
  requestKey,
  toCachedResponse,
} from './response-cache';

export type StoredRead<T> = { data: T; at: number };

/** Checked copies kept per contract: a screen's few reads, with room for its pages. */
const CHECKED_PER_STRUCT = 32;
const checked = new WeakMap<Struct<unknown, unknown>, Map<string, StoredRead<unknown> | null>>();

function copiesOf(struct: Struct<unknown, unknown>) {
  let copies = checked.get(struct);
  if (!copies) {
    copies = new Map();
    checked.set(struct, copies);
  }
  return copies;
}

function keep(
  copies: Map<string, StoredRead<unknown> | null>,
  id: string,
  result: StoredRead<unknown> | null,
) {
  copies.set(id, result);
  if (copies.size > CHECKED_PER_STRUCT) copies.delete(copies.keys().next().value as string);
}

/** The stored row's data if it satisfies `struct` (coerced and masked), else null. */
export function checkStored<T, S>(struct: Struct<T, S>, row: CachedResponse | null): StoredRead<T> | null {
  if (!row) return null;
  const copies = copiesOf(struct as Struct<unknown, unknown>);
  const id = `${row.stored_at}|${row.key}`;
  const known = copies.get(id);
  if (known !== undefined) return known as StoredRead<T> | null;
  const [failure, value] = validate(row.data ?? null, struct, { coerce: true, mask: true });
  const result = failure ? null : { data: value, at: row.stored_at };
  keep(copies, id, result);
  return result;
}

/**
 * The copy stored under `key` at `storedAt` is the answer the api client has just checked as `data`
 * (api-link.ts): a screen's live query reading that copy gets `data` itself, with no second check.
 */
export function rememberChecked(
  struct: Struct<unknown, unknown>,
  key: string,
  storedAt: number,
  data: unknown,
) {
  keep(copiesOf(struct), `${storedAt}|${key}`, { data, at: storedAt });
}

const primed = new Map<string, CachedResponse | null>();

/** Reads a stored row ahead of the screen that will ask for it; never throws. */
export async function primeStoredRead(key: string): Promise<CachedResponse | null> {
  const row = await readResponse(key);
  primed.set(key, row);
  return row;
}

/** Reads several stored rows ahead, in one transaction; never throws. */
export async function primeStoredReads(keys: readonly string[]): Promise<void> {
  try {
    const rows = await db.responses.bulkGet([...keys]);
    keys.forEach((key, index) => {
      primed.set(key, toCachedResponse(rows[index]));
    });
  } catch (error) {
    console.warn('Could not read the cache', error);
  }
}

/** The row read ahead for `key`: undefined when none was, null when the device has none. */
export const primedRow = (key: string): CachedResponse | null | undefined => primed.get(key);

/** The screen's live query has answered: from now on it is the truth. */
export function dropPrimed(key: string): void {
  primed.delete(key);
}

/**
 * Reads the stored copy `useCachedRead(struct, path, options)` will show for this user, ahead of
 * the screen's first render (keyed exactly as the hook keys it). Answers the checked data, or null
 * when the device has none; never throws.
 */
export async function primeCachedRead<T, S>(
  userId: number,
  struct: Struct<T, S>,
  path: string,
  options: ReadKeyOptions = {},
): Promise<T | null> {
  const { method, body, url } = readRequestOf(path, options);
  return checkStored(struct, await primeStoredRead(requestKey(userId, method, url, body)))?.data ?? null;
}
