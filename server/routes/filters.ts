/**
 * The toolbar's Filter menu (spec part 3 §7 "Table toolbar"): saved and recent filters of a table
 * type (GET /filters/{type}), saving one (POST /filters/{type}/new, 'Filter name is required' and
 * a taken name answered under the name field) and deleting one (DELETE /filters/{type}).
 * Session context: filters belong to the user, nobody else can read or delete them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { filtersApi } from '../../src/api/contracts/routes/filters';
import { deleteFilter, loadFilters, saveFilter } from '../domain/leads/leads-saved-filters';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const filterRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;

  serve(app, filtersApi.getFiltersType, async (request) =>
    loadFilters(db, callerOf(request).userId, request.params.type),
  );

  serve(app, filtersApi.postFiltersTypeNew, async (request, reply) => {
    const caller = callerOf(request);
    const { name, filters } = request.body;
    const type = request.params.type;
    // 201 with or without an Idempotency-Key (mutate sets it only when it stores the answer).
    reply.code(201);
    return mutate(
      db,
      request,
      reply,
      async (tx) => ({ saved_filter: await saveFilter(tx, caller.userId, type, name, filters) }),
      201,
    );
  });

  serve(app, filtersApi.deleteFiltersType, async (request, reply) => {
    const caller = callerOf(request);
    const type = request.params.type;
    return mutate(db, request, reply, async (tx) => {
      await deleteFilter(tx, caller.userId, type, request.body.name);
      return { message: 'Filter has been deleted' };
    });
  });
};
