/**
 * The bare-Fastify baseline for `npm run bench`: a Fastify server with one JSON route and nothing
 * else, loaded the same way in the same run, so the API figures can be printed as ratios (how
 * many times slower than Fastify alone) that hold better than absolute times on a shared machine.
 * Run as a child process: `node --import tsx test/bench/baseline.ts <port>`.
 */
import Fastify from 'fastify';

/** The one route, which run.ts loads. */
export const BASELINE_PATH = '/api/v1/bare';

const BODY = { ok: true, items: Array.from({ length: 10 }, (_, id) => ({ id, name: `Item ${id}` })) };

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = Fastify({ logger: false });
  app.get(BASELINE_PATH, async () => BODY);
  await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
}
