/**
 * The endpoints server/routes/live.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';

export const liveApi = {
  getLive: endpoint('GET /live', {}),
};
