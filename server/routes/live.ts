/**
 * GET /live: the live channel as server-sent events (the spec's BffMessagesChannel), authorised by
 * the same headers as every call.
 *
 * - A new connection starts from "now" and says where that is (a `position` event with the
 *   user's latest id); one with Last-Event-ID gets everything after it, in order. An id this
 *   server no longer has (pruned, or another database) gets a `reset` event: the client refetches
 *   instead of trusting a gap.
 * - A comment line every 15 s keeps proxies from closing the stream; the session is re-checked
 *   then too, so signing out ends the stream. Session context.
 * - At most MAX_STREAMS_PER_USER open streams per user on this instance (a tab each, several
 *   devices): one more closes the oldest, so a leaked or hostile client cannot pile up connections
 *   while the newest tab always works.
 * - When the server shuts down (app.shutdownSignal, plugins/drain.ts) every stream ends with a
 *   retry hint (`retry: 1000`): its client reconnects, behind a load balancer to another instance,
 *   and resumes from its Last-Event-ID, so nothing is missed.
 * - A stream opened while impersonating is audited (the hijacked reply skips the per-request audit
 *   hook): one row when it opens (status 200) and one when it closes (status 499), so the audit
 *   says how long staff watched the customer's live messages. Its path is redacted like the
 *   per-request audit's (lib/redact-url.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { liveApi } from '../../src/api/contracts/routes/live';
import { sessionIsLive, writeAudit } from '../domain/auth/sessions';
import { redactUrl } from '../lib/redact-url';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

const HEARTBEAT_MS = 15_000;
/** The reconnect delay a closing server suggests: soon, since another instance can answer. */
const SHUTDOWN_RETRY_MS = 1000;
/** Ids are PostgreSQL integers: a larger Last-Event-ID is as meaningless as a malformed one. */
const MAX_ID = 2_147_483_647;
export const MAX_STREAMS_PER_USER = 8;

export const liveRoutes: FastifyPluginAsync = async (app) => {
  const { db, live } = app;
  /** This instance's open streams per user, oldest first; each entry ends its stream. */
  const openStreams = new Map<number, (() => void)[]>();
  serve(app, liveApi.getLive, async (request, reply) => {
    const caller = callerOf(request);
    const header = request.headers['last-event-id'];
    const requested = header === undefined ? Number.NaN : Number(header);

    const audit = (status: number) =>
      caller.impersonatorId
        ? writeAudit(db, {
            staff_id: caller.impersonatorId,
            user_id: caller.userId,
            session_id: caller.sessionId,
            method: 'GET',
            path: redactUrl(request.url).slice(0, 500),
            status,
          }).catch((error) => request.log.error({ err: error }, 'audit write failed'))
        : Promise.resolve();
    await audit(200);

    reply.hijack();
    const res = reply.raw;
    // The stream's start point is fixed before its headers go: a client that sees the stream open
    // and at once causes a message (or a message written meanwhile) gets it, never finds it
    // counted as already sent. A malformed or out-of-range id starts from now, like no id.
    let lastId = 0;
    let reset = false;
    let fresh = false;
    let started = true;
    try {
      if (!Number.isInteger(requested) || requested < 0 || requested > MAX_ID) {
        lastId = await live.latestId(caller.userId);
        fresh = true;
      } else if (requested > 0 && !(await live.exists(caller.userId, requested))) {
        lastId = await live.latestId(caller.userId);
        reset = true;
      } else {
        lastId = requested;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'live stream could not start');
      started = false;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    // A stream that opens as the server starts closing ends at once, like the others.
    const shutdown = () => res.end(`retry: ${SHUTDOWN_RETRY_MS}\n: server shutting down\n\n`);
    if (app.shutdownSignal.aborted) return shutdown();
    // A failed look-up ends the stream (the client reconnects) instead of leaving it open and silent.
    if (!started) return res.end();
    if (reset) res.write(`event: reset\ndata: {"last_id":${lastId}}\n\n`);
    // Where this stream starts: a client with nothing to resume from keeps it, so its next
    // connection (a reload) gets what was sent in between.
    if (fresh) res.write(`event: position\ndata: {"last_id":${lastId}}\n\n`);

    let closed = false;
    let draining: Promise<void> | null = null;
    let again = false;
    const drain = async (): Promise<void> => {
      if (draining) {
        again = true;
        return draining;
      }
      draining = (async () => {
        do {
          again = false;
          const messages = await live.since(caller.userId, lastId);
          for (const message of messages) {
            if (closed) return;
            res.write(`id: ${message.id}\ndata: ${JSON.stringify(message.payload)}\n\n`);
            lastId = message.id;
          }
          if (messages.length === 500) again = true;
        } while (again && !closed);
      })()
        .catch((error) => request.log.warn({ err: error }, 'live drain failed'))
        .finally(() => {
          draining = null;
        });
      return draining;
    };

    const unsubscribe = live.subscribe(caller.userId, () => void drain());
    const heartbeat = setInterval(async () => {
      // A failed check (database busy) keeps the stream: only a session known dead ends it.
      const valid = await sessionIsLive(db, caller.sessionId).catch(() => true);
      if (!valid) return res.end();
      res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    const end = () => res.end();
    const streams = openStreams.get(caller.userId) ?? [];
    openStreams.set(caller.userId, streams);
    streams.push(end);
    while (streams.length > MAX_STREAMS_PER_USER) streams.shift()?.();
    const close = () => {
      closed = true;
      clearInterval(heartbeat);
      app.shutdownSignal.removeEventListener('abort', shutdown);
      unsubscribe();
      const at = streams.indexOf(end);
      if (at >= 0) streams.splice(at, 1);
      if (streams.length === 0 && openStreams.get(caller.userId) === streams)
        openStreams.delete(caller.userId);
      void audit(499);
    };
    app.shutdownSignal.addEventListener('abort', shutdown, { once: true });
    res.on('close', close);
    await drain();
  });
};
