/**
 * GET /places?q=...: address autocomplete suggestions (spec part 1 §5, §9), the sandbox stand-in
 * for a maps places service. Public: the sign-up wizard asks before an account exists, so it is
 * rate-limited per IP instead. US only; 3 or more characters, else 422 {errors: {q: [...]}}.
 */
import type { FastifyInstance } from 'fastify';
import { PlacesQuery } from '../../src/api/contracts/places';
import { placeIndex } from '../domain/places';
import { parse } from '../lib/errors';
import type { RouteDeps } from './deps';

export async function placesRoutes(app: FastifyInstance, _deps: RouteDeps) {
  app.get(
    '/places',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { q } = parse(PlacesQuery, request.query);
      // Suggestions change only with a new data set: let the browser and the service worker reuse them.
      reply.header('cache-control', 'public, max-age=3600');
      return { predictions: placeIndex().search(q) };
    },
  );
}
