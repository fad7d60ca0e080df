/**
 * The endpoints server/routes/overview.ts serves, with their contracts.
 */
import { MessageResponse } from '../activities';
import { endpoint } from '../declarations';
import { FetchGradeBody, FetchGradeResponse, UpsellsResponse } from '../overview';
import { AccountManagerResponse } from '../tasks';

export const overviewApi = {
  getAccountManager: endpoint('GET /account_manager', { response: AccountManagerResponse }),
  postActivitiesSetActivities: endpoint('POST /activities/set_activities', { response: MessageResponse }),
  getUpsells: endpoint('GET /upsells', { response: UpsellsResponse }),
  postFetchGrade: endpoint('POST /fetch_grade', { body: FetchGradeBody, response: FetchGradeResponse }),
};
