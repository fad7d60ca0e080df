/**
 * The endpoints server/routes/session.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import {
  AuthenticateResponse,
  BecomeBody,
  BecomeResponse,
  CreateSessionBody,
  LoginResponse,
  MessageResponse,
} from '../session';

export const sessionApi = {
  postClientCreateSession: endpoint('POST /client/create_session', {
    body: CreateSessionBody,
    response: LoginResponse,
  }),
  postClientBecome: endpoint('POST /client/become', { body: BecomeBody, response: BecomeResponse }),
  postClientEndSession: endpoint('POST /client/end_session', { response: MessageResponse }),
  postClientAuthenticate: endpoint('POST /client/authenticate', { response: AuthenticateResponse }),
};
