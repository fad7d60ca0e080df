/**
 * The endpoints server/routes/password.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import {
  MessageResponse,
  PasswordBody,
  PasswordResetBody,
  ValidateEmailQuery,
  ValidateEmailResponse,
} from '../session';

export const passwordApi = {
  getValidateEmail: endpoint('GET /validate/email', {
    querystring: ValidateEmailQuery,
    response: ValidateEmailResponse,
  }),
  postClientPasswordReset: endpoint('POST /client/password_reset', {
    body: PasswordResetBody,
    response: MessageResponse,
  }),
  postClientPassword: endpoint('POST /client/password', { body: PasswordBody, response: MessageResponse }),
};
