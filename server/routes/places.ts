/**
 * GET /places?q=...: address autocomplete suggestions (spec part 1 §5, §9), the sandbox stand-in
 * for a maps places service. Public context: the sign-up wizard asks before an account exists, so
 * it is rate-limited per IP instead. US only; 3 or more characters, else 422 {errors: {q: [...]}}.
 */
import type { FastifyPluginAsync } from 'fastify';
import { placesApi } from '../../src/api/contracts/routes/places';
import { placeIndex } from '../domain/signup/places';
import type { StructTypeProvider } from '../lib/validation';
import { serve } from './serve';

export const placesRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(
    app,
    placesApi.getPlaces,
    async (request, reply) => {
      // Suggestions change only with a new data set: let the browser and the service worker reuse them.
      reply.header('cache-control', 'public, max-age=3600');
      return { predictions: placeIndex().search(request.query.q) };
    },
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
  );
};
