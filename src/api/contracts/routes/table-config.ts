/**
 * The endpoints server/routes/table-config.ts serves, with their contracts. (The app never imports
 * this file, so superstruct's dynamic() stays out of its bundles.)
 */

import { dynamic, type Struct } from 'superstruct';
import { endpoint } from '../declarations';
import { TableTypeParam } from '../requests';
import { ColumnsBody, ColumnWidthBody, TableConfigResponse } from '../toolbar';

type TableConfigInput = typeof ColumnWidthBody.TYPE | typeof ColumnsBody.TYPE;
/**
 * TableConfigBody as the server checks it: a union's failure says nothing useful, so a body with a
 * column_id is a width, any other the checked columns, each answered with its own field errors.
 */
const TableConfigRequest = dynamic<TableConfigInput>((value) =>
  value !== null && typeof value === 'object' && 'column_id' in value
    ? (ColumnWidthBody as unknown as Struct<TableConfigInput>)
    : (ColumnsBody as unknown as Struct<TableConfigInput>),
);

export const tableConfigApi = {
  getTableType: endpoint('GET /table/:type', { params: TableTypeParam, response: TableConfigResponse }),
  postTableType: endpoint('POST /table/:type', {
    params: TableTypeParam,
    body: TableConfigRequest,
    response: TableConfigResponse,
  }),
  deleteTableType: endpoint('DELETE /table/:type', { params: TableTypeParam, response: TableConfigResponse }),
};
