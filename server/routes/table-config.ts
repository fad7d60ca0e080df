/**
 * Table Config (spec part 3 §7 "Table toolbar"): GET /table/{type} answers the columns with their
 * checked state and saved widths; POST saves either the checked columns ('At least one column must
 * be selected') or one resized width (column_id, column_size: more than 100 and at most 600 px);
 * DELETE restores the defaults. Every answer is the resulting config, so the client never guesses.
 * Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import { tableConfigApi } from '../../src/api/contracts/routes/table-config';
import { loadTableColumns, resetTable, saveColumnWidth, saveTableColumns } from '../domain/leads/leads-table';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const tableConfigRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;

  serve(app, tableConfigApi.getTableType, async (request) => ({
    required_fields: await loadTableColumns(db, callerOf(request).userId, request.params.type),
  }));

  serve(app, tableConfigApi.postTableType, async (request, reply) => {
    const caller = callerOf(request);
    const type = request.params.type;
    const body = request.body;
    return mutate(db, request, reply, async (tx) => {
      if ('column_id' in body)
        await saveColumnWidth(tx, caller.userId, type, body.column_id, body.column_size);
      else await saveTableColumns(tx, caller.userId, type, body.required_fields);
      return { required_fields: await loadTableColumns(tx, caller.userId, type) };
    });
  });

  serve(app, tableConfigApi.deleteTableType, async (request, reply) => {
    const caller = callerOf(request);
    const type = request.params.type;
    return mutate(db, request, reply, async (tx) => {
      await resetTable(tx, caller.userId, type);
      return { required_fields: await loadTableColumns(tx, caller.userId, type) };
    });
  });
};
