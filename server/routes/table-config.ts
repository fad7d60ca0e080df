/**
 * Table Config (spec part 3 §7 "Table toolbar"): GET /table/{type} answers the columns with their
 * checked state and saved widths; POST saves either the checked columns ('At least one column must
 * be selected') or one resized width (column_id, column_size: more than 100 and at most 600 px);
 * DELETE restores the defaults. Every answer is the resulting config, so the client never guesses.
 */
import type { FastifyInstance } from 'fastify';
import { ColumnsBody, ColumnWidthBody } from '../../src/api/contracts/toolbar';
import {
  loadTableColumns,
  resetTable,
  saveColumnWidth,
  saveTableColumns,
  tableOf,
} from '../domain/leads-table';
import { parse } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

const typeParam = (params: unknown) => {
  const type = String((params as { type?: unknown })?.type ?? '');
  tableOf(type);
  return type;
};

export async function tableConfigRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/table/:type', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    return { required_fields: await loadTableColumns(db, caller.userId, typeParam(request.params)) };
  });

  app.post('/table/:type', { preHandler: app.auth }, async (request, reply) => {
    const caller = callerOf(request);
    const type = typeParam(request.params);
    const raw = request.body;
    const isWidth = raw !== null && typeof raw === 'object' && 'column_id' in raw;
    const body = isWidth ? parse(ColumnWidthBody, raw) : parse(ColumnsBody, raw);
    return mutate(db, request, reply, async (tx) => {
      if ('column_id' in body)
        await saveColumnWidth(tx, caller.userId, type, body.column_id, body.column_size);
      else await saveTableColumns(tx, caller.userId, type, body.required_fields);
      return { required_fields: await loadTableColumns(tx, caller.userId, type) };
    });
  });

  app.delete('/table/:type', { preHandler: app.auth }, async (request, reply) => {
    const caller = callerOf(request);
    const type = typeParam(request.params);
    return mutate(db, request, reply, async (tx) => {
      await resetTable(tx, caller.userId, type);
      return { required_fields: await loadTableColumns(tx, caller.userId, type) };
    });
  });
}
