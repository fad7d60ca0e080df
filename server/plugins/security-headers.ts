/**
 * Helmet's security headers (with the portal's Content-Security-Policy) on every answer.
 *
 * @fastify/helmet builds helmet's middleware anew on every request, parsing the CSP directives each
 * time, in two hooks (one async): about 5% of the CPU of a cheap API answer (issue 17). Nothing in
 * our options depends on the request (no nonces), so the headers are worked out once, at start, by
 * @fastify/helmet itself answering one request of a private instance; every request then gets that
 * list in one synchronous hook. A route that sets one of them itself (the embeddable analytics
 * page, the payment sandbox's frame) still overrides it, as before.
 *
 * With S3 storage the browser PUTs uploads to the bucket and is redirected there for logos, so the
 * bucket's origin joins connect-src and img-src (`withStorageOrigin`). No inline script runs (no
 * hash, no 'unsafe-inline' in script-src). The service worker's own
 * fetches (outbox replay, logo reads) are under the same policy, served with sw.js.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { storageFor } from '../domain/storage/storage';

type Directives = Record<string, Iterable<string> | null>;

/** The options with `origin` (a file store the browser talks to) allowed to connect and load images. */
export function withStorageOrigin(
  options: FastifyHelmetOptions,
  origin: string | null,
): FastifyHelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (!origin || !csp || csp === true || !csp.directives) return options;
  const directives = csp.directives as Directives;
  const plus = (name: string) => [...(directives[name] ?? ["'self'"]), origin];
  return {
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...directives, connectSrc: plus('connectSrc'), imgSrc: plus('imgSrc') },
    },
  };
}

/** The headers helmet adds to an answer, as @fastify/helmet sets them with these options. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    try {
      return (await probe.inject('/')).headers;
    } finally {
      await probe.close();
    }
  };
  const plain = await answer(false);
  const secured = await answer(true);
  return Object.fromEntries(
    Object.entries(secured)
      .filter(([name, value]) => !(name in plain) && value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
}

export const securityHeaders = fp(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    const withStorage = withStorageOrigin(options, storageFor(app.config).origin);
    const headers = await helmetHeaders(withStorage);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
