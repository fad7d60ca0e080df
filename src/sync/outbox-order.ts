/**
 * The outbox's send order (outbox-sender.ts runs it): first-in, first-out per record, records
 * side by side.
 *
 * - A write's record is the API area its URL names and, when the next segment is an id, that id:
 *   `/leads/12/review` -> `leads/12`, `/notifications/7` -> `notifications/7`. Any other write of an
 *   area shares the area's one line (`/client/profile`, `/campaigns/fb/3/update_status`,
 *   `/activities/service_areas/locations/add` -> `client`, `campaigns`, `activities`): when a URL
 *   does not say which record it touches, its writes are kept in order with everything else there.
 * - A batch (takeRun) takes whole runs of several records at once: the server runs a batch's
 *   writes in order and stops at the first that must be retried, so a record's later writes in it
 *   are not sent either.
 * - A plan is made over one snapshot of the queue (oldest first). It hands out at most one write per
 *   record at a time, the oldest due head first; a record whose head is not due yet (backoff), or
 *   whose write must be retried, is closed for the rest of the plan, so its later writes never
 *   overtake it while other records go on.
 */
import type { OutboxItem } from '../db/app-db';

/** The record a write is about, for ordering (see the header). */
export function recordOf(url: string): string {
  const [area = '', id] = url.split(/[?#]/)[0].split('/').filter(Boolean);
  return id !== undefined && /^\d+$/.test(id) ? `${area}/${id}` : area;
}

export class SendPlan {
  /** Each record's writes still to hand out, oldest first; records in the order of their oldest. */
  private readonly lines = new Map<string, OutboxItem[]>();
  private readonly busy = new Set<string>();
  private readonly closed = new Set<string>();
  /** When the earliest closed line's head is due again, or null. */
  retryAt: number | null = null;

  constructor(queue: readonly OutboxItem[]) {
    const oldestFirst = [...queue].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    for (const item of oldestFirst) {
      const record = recordOf(item.url);
      const line = this.lines.get(record);
      if (line) line.push(item);
      else this.lines.set(record, [item]);
    }
  }

  /** The oldest head that may go now (its record then counts as busy until `settle`), or null. */
  take(now: number): OutboxItem | null {
    let best: { record: string; item: OutboxItem } | null = null;
    for (const [record, line] of this.lines) {
      if (this.busy.has(record) || this.closed.has(record) || line.length === 0) continue;
      const head = line[0];
      if (head.next_attempt_at > now) {
        this.close(record, head.next_attempt_at);
        continue;
      }
      if (!best || (head.id ?? 0) < (best.item.id ?? 0)) best = { record, item: head };
    }
    if (!best) return null;
    this.lines.get(best.record)?.shift();
    this.busy.add(best.record);
    return best.item;
  }

  /**
   * Up to `max` writes that `fits` accepts, to go together in one batch (the server runs them in
   * order): whole runs from the heads of records that are free and due, each record's in its own
   * order, oldest records first; each record taken counts as busy until its writes are settled.
   * A record's run stops at its first write that does not fit (it goes alone, later).
   */
  takeRun(now: number, max: number, fits: (item: OutboxItem) => boolean): OutboxItem[] {
    const heads = [...this.lines.entries()]
      .filter(([record, line]) => !this.busy.has(record) && !this.closed.has(record) && line.length > 0)
      .sort(([, a], [, b]) => (a[0].id ?? 0) - (b[0].id ?? 0));
    const run: OutboxItem[] = [];
    for (const [record, line] of heads) {
      if (run.length >= max) break;
      if (line[0].next_attempt_at > now) {
        this.close(record, line[0].next_attempt_at);
        continue;
      }
      let taken = 0;
      while (
        run.length < max &&
        taken < line.length &&
        line[taken].next_attempt_at <= now &&
        fits(line[taken])
      ) {
        run.push(line[taken]);
        taken += 1;
      }
      if (taken === 0) continue;
      line.splice(0, taken);
      this.busy.add(record);
    }
    return run.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  }

  /** The write handed out is settled: `retry` closes its record (its later writes wait), anything else lets the next go. */
  settle(item: OutboxItem, retry: { at: number | null } | null = null): void {
    const record = recordOf(item.url);
    this.busy.delete(record);
    if (retry) this.close(record, retry.at);
  }

  private close(record: string, at: number | null): void {
    this.closed.add(record);
    if (at !== null && (this.retryAt === null || at < this.retryAt)) this.retryAt = at;
  }
}
