/**
 * The live bus: every live message is persisted per user with a monotonic id, then announced.
 *
 * - `publish` writes the row (inside the caller's transaction when given one) and signals
 *   "user N has news". Subscribers then read everything after the last id they sent, so order
 *   and completeness come from the table, not from the signal.
 * - Across instances the signal travels by PostgreSQL NOTIFY (delivered on commit); on PGlite
 *   there is one instance and an in-process emitter does it.
 * - The bus carries messages and knows none of their kinds: what else a kind sets off (a
 *   notification's Web Push, domain/messaging/notify.ts) is its sender's, so the bus sits below push and the
 *   job queue (jobs/queue.ts hands it to every job) and imports neither.
 */
import { EventEmitter } from 'node:events';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbHandle } from '../../db/client';
import { liveMessages } from '../../db/schema/shell';

export const LIVE_CHANNEL = 'portal_live';

export type LiveMessage = { id: number; payload: Record<string, unknown> };

export class LiveBus {
  private readonly local = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly handle: DbHandle) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.handle.kind !== 'postgres') return;
    this.unlisten = await this.handle.listen(LIVE_CHANNEL, (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) this.local.emit(`user:${userId}`);
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.local.removeAllListeners();
  }

  /** Persists a message for a user and wakes that user's connections on every instance. */
  async publish(db: Db, userId: number, payload: Record<string, unknown>): Promise<number> {
    const [row] = await db
      .insert(liveMessages)
      .values({ user_id: userId, payload })
      .returning({ id: liveMessages.id });
    if (this.handle.kind === 'postgres') {
      await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${String(userId)})`);
    } else {
      // PGlite serialises queries, so a reader woken now still sees the row only after commit.
      setImmediate(() => this.local.emit(`user:${userId}`));
    }
    return row.id;
  }

  subscribe(userId: number, onNews: () => void): () => void {
    const event = `user:${userId}`;
    this.local.on(event, onNews);
    return () => this.local.off(event, onNews);
  }

  async since(userId: number, afterId: number, limit = 500): Promise<LiveMessage[]> {
    const rows = await this.handle.db
      .select({ id: liveMessages.id, payload: liveMessages.payload })
      .from(liveMessages)
      .where(and(eq(liveMessages.user_id, userId), gt(liveMessages.id, afterId)))
      .orderBy(asc(liveMessages.id))
      .limit(limit);
    return rows;
  }

  async latestId(userId: number): Promise<number> {
    const [row] = await this.handle.db
      .select({ id: sql<number>`coalesce(max(${liveMessages.id}), 0)`.mapWith(Number) })
      .from(liveMessages)
      .where(eq(liveMessages.user_id, userId));
    return row.id;
  }

  async exists(userId: number, id: number): Promise<boolean> {
    const [row] = await this.handle.db
      .select({ id: liveMessages.id })
      .from(liveMessages)
      .where(and(eq(liveMessages.user_id, userId), eq(liveMessages.id, id)));
    return Boolean(row);
  }
}
