/**
 * One request per key at a time, shared by everyone who asks while it is in flight: ten widgets
 * mounting with the same read make one request and all get its answer.
 *
 * - The request is aborted only when every subscriber has left (a widget unmounting does not
 *   cancel the read its neighbours still wait for).
 * - A settled request is forgotten at once: a later ask starts a new one (freshness is the
 *   caller's decision, see use-cached-read.ts).
 */
/** What identical reads in flight share: the screen's, the prefetcher's and those read ahead alike. */
export const readSignature = (userId: number | null, method: string, url: string | null, body: string) =>
  `${userId}|${method}|${url}|${body}`;

type Flight = { promise: Promise<unknown>; controller: AbortController; users: number; settled: boolean };

const flights = new Map<string, Flight>();

export type SharedRequest<T> = { promise: Promise<T>; release: () => void };

/** Joins the request in flight for `key`, or starts it with `start`. Call release() when leaving. */
export function sharedRequest<T>(key: string, start: (signal: AbortSignal) => Promise<T>): SharedRequest<T> {
  let flight = flights.get(key);
  if (!flight) {
    const controller = new AbortController();
    const entry: Flight = { promise: Promise.resolve(), controller, users: 0, settled: false };
    entry.promise = start(controller.signal).finally(() => {
      entry.settled = true;
      if (flights.get(key) === entry) flights.delete(key);
    });
    flights.set(key, entry);
    flight = entry;
  }
  const joined = flight;
  joined.users += 1;
  let left = false;
  return {
    promise: joined.promise as Promise<T>,
    release: () => {
      if (left) return;
      left = true;
      joined.users -= 1;
      if (joined.users > 0 || joined.settled) return;
      joined.controller.abort();
      if (flights.get(key) === joined) flights.delete(key);
    },
  };
}
