/**
 * The server's "now": every rule that depends on the time (review windows, session expiry, lead
 * arrival) reads it here, so tests can move time forward instead of waiting for it.
 *
 * - In production the offset is always 0: only `advanceClock` changes it, and the one route that
 *   calls it (routes/dev-clock.ts) exists only with dev tools on and TEST_CLOCK=on.
 * - Time only moves forward: a negative advance is refused, so "now" never runs backwards for a
 *   session or a review window that was already checked.
 * - The offset is per process (a module variable): one server process, one clock.
 */

let offsetMs = 0;

/** The current time, shifted by the test offset. */
export function now(): Date {
  return new Date(nowMs());
}

export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** Moves this process's clock forward by `ms` (a finite, non-negative number); answers the new now. */
export function advanceClock(ms: number): Date {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`The clock only moves forward (got ${ms})`);
  offsetMs += ms;
  return now();
}

/** Back to real time (tests that advanced the clock call this when they finish). */
export function resetClock(): void {
  offsetMs = 0;
}
