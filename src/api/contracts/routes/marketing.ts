/**
 * The endpoints server/routes/marketing.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { MqlBody, MqlResponse } from '../marketing';

export const marketingApi = {
  postSubmitMqlInfo: endpoint('POST /submit_mql_info', { body: MqlBody, response: MqlResponse }),
};
