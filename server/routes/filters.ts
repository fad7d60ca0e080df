/**
 * The toolbar's Filter menu (spec part 3 §7 "Table toolbar"): saved and recent filters of a table
 * type (GET /filters/{type}), saving one (POST /filters/{type}/new, 'Filter name is required' and
 * a taken name answered under the name field) and deleting one (DELETE /filters/{type}).
 * Filters belong to the user: nobody else can read or delete them.
 */
import type { FastifyInstance } from 'fastify';
import { DeleteFilterBody, SaveFilterBody } from '../../src/api/contracts/toolbar';
import { deleteFilter, filterType, loadFilters, saveFilter } from '../domain/leads-saved-filters';
import { parse } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

const typeParam = (params: unknown) => filterType(String((params as { type?: unknown })?.type ?? ''));

export async function filterRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/filters/:type', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    return loadFilters(db, caller.userId, typeParam(request.params));
  });

  app.post('/filters/:type/new', { preHandler: app.auth }, async (request, reply) => {
    const caller = callerOf(request);
    const type = typeParam(request.params);
    const body = parse(SaveFilterBody, request.body);
    reply.code(201);
    return mutate(
      db,
      request,
      reply,
      async (tx) => ({ saved_filter: await saveFilter(tx, caller.userId, type, body.name, body.filters) }),
      201,
    );
  });

  app.delete('/filters/:type', { preHandler: app.auth }, async (request, reply) => {
    const caller = callerOf(request);
    const type = typeParam(request.params);
    const body = parse(DeleteFilterBody, request.body);
    return mutate(db, request, reply, async (tx) => {
      await deleteFilter(tx, caller.userId, type, body.name);
      return { message: 'Filter has been deleted' };
    });
  });
}
