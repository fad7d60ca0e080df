/**
 * A screen's first reads asked of the network before the screen has rendered, when the device has
 * no copy of them: app/dashboard-routes.tsx START_READS starts them with the session read and the
 * route's chunks (a screen lists its reads, as the profile tab does), and the screen's
 * useCachedRead takes the answer instead of asking again.
 *
 * - Only reads the device has no stored copy of: a screen with its copies shows them at once and
 *   asks the network after its first paint, as always. Their cold first visit (or a device whose
 *   copies were cleared) is what waits for the network, and it waits a round trip less: the
 *   requests go out while the screen's code runs and renders, not after.
 * - An answer is taken by the screen's reads for AHEAD_KEPT_MS after it arrived (the same answer
 *   for every read of it, as shared-request.ts shares one in flight); after that, or for a read the
 *   user forces (refresh, back online), the screen asks again.
 * - The answer is checked and stored as any other (api/client.ts requestCached), so a screen that
 *   mounts later shows it from the device. A read ahead never throws.
 * - A read the page's start script already sent (a reload, api/early-reads.ts) is often answered
 *   before the screen's code has run: its first render waits for it briefly (EARLY_WAIT_MS) and
 *   shows it as its stored copy, in the first frame.
 */
import type { Struct } from 'superstruct';
import { type Answer, type RequestOptions, requestCached } from '../api/client';
import { sentEarly } from '../api/early-reads';
import { readRequestOf } from './response-cache';
import { readSignature } from './shared-request';
import { primeCachedRead } from './stored-read';

/** How long an answer read ahead is taken by the screen's reads. */
export const AHEAD_KEPT_MS = 10_000;

/** A read a screen makes on its first render, as its useCachedRead makes it. */
export type FirstRead = {
  struct: Struct<unknown, unknown>;
  path: string;
  options?: Pick<RequestOptions, 'method' | 'body' | 'query'>;
};

/** A screen's first read, as `useCachedRead(struct, path, options)` makes it. */
export const firstRead = <T, S>(
  struct: Struct<T, S>,
  path: string,
  options?: FirstRead['options'],
): FirstRead => ({ struct: struct as unknown as Struct<unknown, unknown>, path, options });

type Ahead = { promise: Promise<Answer<unknown>>; expires: number };

const ahead = new Map<string, Ahead>();

/**
 * How long a screen's first render may wait for a read the page's start script sent with its
 * scripts (api/early-reads.ts): usually answered by the time they have run, so the screen's first
 * frame shows its content instead of a loading state and then the content a few frames later.
 */
export const EARLY_WAIT_MS = 300;

function startAhead(signature: string, read: FirstRead): Ahead {
  const known = ahead.get(signature);
  if (known) return known;
  const promise = requestCached(read.struct, read.path, { ...read.options, toast: false });
  const entry: Ahead = { promise, expires: Number.POSITIVE_INFINITY };
  ahead.set(signature, entry);
  const settled = () => {
    entry.expires = Date.now() + AHEAD_KEPT_MS;
    setTimeout(() => {
      if (ahead.get(signature) === entry) ahead.delete(signature);
    }, AHEAD_KEPT_MS);
  };
  promise.then(settled, settled);
  return entry;
}

/** Whether `promise` settles well within `ms` (never rejects). */
const answersWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

/**
 * Reads `reads` ahead for `userId`: the stored copies for the first render (primeCachedRead), and
 * from the network those the device does not have. Resolves once the stored copies are read, and
 * the answers of those the page's start script sent early too (at most EARLY_WAIT_MS more), each
 * then read back as its stored copy for the first render.
 */
export async function readAhead(userId: number, reads: readonly FirstRead[]): Promise<void> {
  await Promise.all(
    reads.map(async (read) => {
      const stored = await primeCachedRead(userId, read.struct, read.path, read.options);
      if (stored !== null) return;
      const { method, url, body } = readRequestOf(read.path, read.options);
      const early = sentEarly(url);
      const entry = startAhead(readSignature(userId, method, url, body), read);
      if (early && (await answersWithin(entry.promise, EARLY_WAIT_MS)))
        await primeCachedRead(userId, read.struct, read.path, read.options);
    }),
  );
}

/** The answer read ahead for this read (`readSignature`), in flight or kept, else null. */
export function takeAhead<T>(signature: string): Promise<Answer<T>> | null {
  const entry = ahead.get(signature);
  if (!entry || entry.expires < Date.now()) return null;
  return entry.promise as Promise<Answer<T>>;
}
