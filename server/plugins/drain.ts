/**
 * Graceful drain when the app closes (issue 52, server/main.ts closes it on SIGTERM/SIGINT or a
 * lost database). Fastify's own close, in order: it marks itself closing (a new request on a kept
 * connection gets 503 and Connection: close), runs the preClose hooks (this one), then destroys the
 * connections still open (forceCloseConnections), stops listening and runs the onClose hooks (the
 * job worker finishes or hands back its jobs, then the database closes).
 *
 * - `app.shutdownSignal` is aborted as closing begins: live streams end with a retry hint
 *   (routes/live.ts) so their clients reconnect, to another instance behind a load balancer, and
 *   resume from their Last-Event-ID; /readyz answers 503.
 * - Requests in flight get up to `drainMs` to finish before their connections are destroyed: an
 *   answer already being computed (a write in its transaction) is sent, not cut. A write cut at
 *   the limit was not acknowledged, so the client's outbox sends it again (Idempotency-Key).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborted when the app starts closing: long-lived work (live streams) ends on it. */
    shutdownSignal: AbortSignal;
  }
}

export const drainPlugin = fp(
  async (app: FastifyInstance, { drainMs }: { drainMs: number }) => {
    const closing = new AbortController();
    app.decorate('shutdownSignal', closing.signal);
    let inFlight = 0;
    let idle: (() => void) | null = null;
    app.addHook('onRequest', (_request, reply, done) => {
      inFlight += 1;
      let counted = true;
      const finished = () => {
        if (!counted) return;
        counted = false;
        inFlight -= 1;
        if (inFlight === 0) idle?.();
      };
      // 'close' covers an answer sent, a hijacked stream ended and a client gone alike.
      reply.raw.once('close', finished);
      reply.raw.once('finish', finished);
      done();
    });
    // An answer sent while closing, or a 503 (shed, or the database gone: a close is coming), ends
    // its connection after it: a client reusing it would send its next request into a connection
    // the close destroys, and see a reset instead of an answer.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing.signal.aborted || reply.statusCode === 503) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('preClose', async () => {
      closing.abort();
      if (inFlight === 0) return;
      app.log.info({ inFlight, drainMs }, 'waiting for requests in flight');
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((done) => {
        idle = done;
        timer = setTimeout(done, drainMs);
      });
      clearTimeout(timer);
      if (inFlight > 0) app.log.warn({ inFlight }, 'requests still in flight at the drain limit: cut');
    });
  },
  { name: 'drain' },
);
