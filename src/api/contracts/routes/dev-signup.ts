/**
 * The endpoints server/routes/dev-signup.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { InviteBody, InviteResponse, SignupLinksResponse } from '../signup';

export const devSignupApi = {
  postDevInvite: endpoint('POST /dev/invite', { body: InviteBody, response: InviteResponse }),
  getDevSignupLinks: endpoint('GET /dev/signup-links', { response: SignupLinksResponse }),
};
