/**
 * Exactly-once writes. Every mutating route runs its effect through `mutate()`:
 *
 * - Without an Idempotency-Key the effect simply runs in a transaction.
 * - With a key, the key row and the effect are written in ONE transaction. A concurrent request
 *   with the same key blocks on the key's unique index until the first commits, then answers the
 *   stored response; a crash before commit leaves neither, so the client's retry applies it once.
 * - The same key with a different method, path or body is refused with 422.
 * - Failed effects (4xx) roll back with their key: nothing was applied, a retry is judged afresh.
 * - Keys are kept 7 days (pruned by `pruneIdempotencyKeys`).
 * - Scope: a signed-in caller's keys are theirs (`user:<id>`). An anonymous request's keys are
 *   scoped by its address AND a hash of the credentials it presented (registration token, API
 *   token, session headers): another visitor behind the same address who replays the same key and
 *   body without those credentials does not get the stored answer (which may carry a session token).
 */
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, withTx } from '../db/client';
import { idempotencyKeys } from '../db/schema/identity';
import { now as clockNow } from '../lib/clock';
import { bodyHash, sha256 } from '../lib/crypto';
import { badRequest, unprocessable } from '../lib/errors';

export const IDEMPOTENCY_TTL_DAYS = 7;

export async function mutate<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  effect: (tx: Db) => Promise<T>,
  statusCode = 200,
): Promise<T> {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return withTx(db, effect);
  if (!/^[\w.:-]{8,200}$/.test(key))
    throw badRequest('Idempotency-Key must be 8 to 200 letters, digits or -_.:');

  const scope = request.caller ? `user:${request.caller.userId}` : anonymousScope(request);
  const hash = bodyHash({ method: request.method, url: request.url, body: request.body ?? null });
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  const outcome = await withTx(db, async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, request_hash: hash, status_code: statusCode })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(where);
      if (!stored) throw badRequest('Idempotency-Key is being used by another request, retry');
      if (stored.request_hash !== hash) {
        throw unprocessable({ 'Idempotency-Key': ['This key was already used with a different request'] });
      }
      return { replayed: true as const, statusCode: stored.status_code, body: stored.response_body as T };
    }
    const body = await effect(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response_body: (body ?? null) as never })
      .where(where);
    return { replayed: false as const, statusCode, body };
  });
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(outcome.statusCode);
  return outcome.body;
}

/** The headers that carry a credential of an anonymous (not session-authenticated) request. */
const CREDENTIAL_HEADERS = ['authorization', 'x-api-token', 'x-auth-token', 'x-user-id', 'x-impersonate-id'];

function anonymousScope(request: FastifyRequest): string {
  const presented = CREDENTIAL_HEADERS.map((name) => {
    const value = request.headers[name];
    return `${name}=${Array.isArray(value) ? value.join(',') : (value ?? '')}`;
  }).join('\n');
  return `anon:${request.ip}:${sha256(presented).slice(0, 32)}`;
}

export async function pruneIdempotencyKeys(db: Db, now = clockNow()): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_DAYS * 24 * 3600_000);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, cutoff));
}
