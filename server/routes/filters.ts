/**
 * The toolbar's Filter menu (spec part 3 §7 "Table toolbar"): saved and recent filters of a table
 * type (GET /filters/{type}), saving one (POST /filters/{type}/new, 'Filter name is required' and
 * a taken name answered under the name field) and deleting one (DELETE /filters/{type}).
 * Session context: filters belong to the user, nobody else can read or delete them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { object, refine, string } from 'superstruct';
import {
  DeleteFilterBody,
  DeleteFilterResponse,
  FiltersResponse,
  SaveFilterBody,
  SaveFilterResponse,
} from '../../src/api/contracts/toolbar';
import { deleteFilter, FILTER_TYPES, loadFilters, saveFilter } from '../domain/leads/leads-saved-filters';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

/** A table type that has filters; any other is a 404 'Unknown table'. */
const FilterTypeParam = object({
  type: refine(
    string(),
    'FilterType',
    (v) => (FILTER_TYPES as readonly string[]).includes(v) || 'Unknown table',
  ),
});

export const filterRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;

  app.get(
    '/filters/:type',
    { schema: { params: FilterTypeParam }, config: { response: FiltersResponse } },
    async (request) => loadFilters(db, callerOf(request).userId, request.params.type),
  );

  app.post(
    '/filters/:type/new',
    { schema: { params: FilterTypeParam, body: SaveFilterBody }, config: { response: SaveFilterResponse } },
    async (request, reply) => {
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
    },
  );

  app.delete(
    '/filters/:type',
    {
      schema: { params: FilterTypeParam, body: DeleteFilterBody },
      config: { response: DeleteFilterResponse },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const type = request.params.type;
      return mutate(db, request, reply, async (tx) => {
        await deleteFilter(tx, caller.userId, type, request.body.name);
        return { message: 'Filter has been deleted' };
      });
    },
  );
};
