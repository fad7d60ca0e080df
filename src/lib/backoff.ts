/**
 * The one retry-delay formula (the outbox's sends and the live channel's reconnects): doubles from
 * `baseMs` with each failed attempt, capped at `maxMs`, with jitter so many tabs or devices coming
 * back at once do not retry in step. Pure: `random` is passed in so tests pin the jitter.
 */
export type BackoffLimits = { baseMs: number; maxMs: number };

/** The wait before attempt n + 1 after n failed attempts: in [ceiling / 2, ceiling], never below base. */
export function backoffMs(attempts: number, random: number, { baseMs, maxMs }: BackoffLimits): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(baseMs, Math.round(ceiling / 2 + (random * ceiling) / 2));
}
