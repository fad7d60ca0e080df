/**
 * The endpoints server/routes/filters.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { FilterTypeParam } from '../requests';
import {
  DeleteFilterBody,
  DeleteFilterResponse,
  FiltersResponse,
  SaveFilterBody,
  SaveFilterResponse,
} from '../toolbar';

export const filtersApi = {
  getFiltersType: endpoint('GET /filters/:type', { params: FilterTypeParam, response: FiltersResponse }),
  postFiltersTypeNew: endpoint('POST /filters/:type/new', {
    params: FilterTypeParam,
    body: SaveFilterBody,
    response: SaveFilterResponse,
  }),
  deleteFiltersType: endpoint('DELETE /filters/:type', {
    params: FilterTypeParam,
    body: DeleteFilterBody,
    response: DeleteFilterResponse,
  }),
};
