/**
 * The endpoints server/routes/user.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { UserSettings } from '../session';

export const userApi = {
  getUserSettings: endpoint('GET /user/settings', { response: UserSettings }),
};
