/**
 * Table Config (spec part 3 §7 "Table toolbar"): GET /table/{type} answers the columns with their
 * checked state and saved widths; POST saves either the checked columns ('At least one column must
 * be selected') or one resized width (column_id, column_size: more than 100 and at most 600 px);
 * DELETE restores the defaults. Every answer is the resulting config, so the client never guesses.
 * Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import { dynamic, object, refine, type Struct, string } from 'superstruct';
import { ColumnsBody, ColumnWidthBody, TableConfigResponse } from '../../src/api/contracts/toolbar';
import {
  loadTableColumns,
  resetTable,
  saveColumnWidth,
  saveTableColumns,
  TABLES,
} from '../domain/leads/leads-table';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

/** A configurable table; any other is a 404 'Unknown table'. */
const TableTypeParam = object({
  type: refine(string(), 'TableType', (v) => Object.hasOwn(TABLES, v) || 'Unknown table'),
});

/**
 * The contract's TableConfigBody is a union, whose failure says nothing useful: a body with a
 * column_id is a width, any other the checked columns, each answered with its own field errors.
 */
type TableConfigInput = typeof ColumnWidthBody.TYPE | typeof ColumnsBody.TYPE;
const TableConfigBody = dynamic<TableConfigInput>((value) =>
  value !== null && typeof value === 'object' && 'column_id' in value
    ? (ColumnWidthBody as unknown as Struct<TableConfigInput>)
    : (ColumnsBody as unknown as Struct<TableConfigInput>),
);

export const tableConfigRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const config = { response: TableConfigResponse };

  app.get('/table/:type', { schema: { params: TableTypeParam }, config }, async (request) => ({
    required_fields: await loadTableColumns(db, callerOf(request).userId, request.params.type),
  }));

  app.post(
    '/table/:type',
    { schema: { params: TableTypeParam, body: TableConfigBody }, config },
    async (request, reply) => {
      const caller = callerOf(request);
      const type = request.params.type;
      const body = request.body;
      return mutate(db, request, reply, async (tx) => {
        if ('column_id' in body)
          await saveColumnWidth(tx, caller.userId, type, body.column_id, body.column_size);
        else await saveTableColumns(tx, caller.userId, type, body.required_fields);
        return { required_fields: await loadTableColumns(tx, caller.userId, type) };
      });
    },
  );

  app.delete('/table/:type', { schema: { params: TableTypeParam }, config }, async (request, reply) => {
    const caller = callerOf(request);
    const type = request.params.type;
    return mutate(db, request, reply, async (tx) => {
      await resetTable(tx, caller.userId, type);
      return { required_fields: await loadTableColumns(tx, caller.userId, type) };
    });
  });
};
