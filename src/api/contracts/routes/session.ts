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
  SignInLinkBody,
} from '../session';

export const sessionApi = {
  postClientCreateSession: endpoint('POST /client/create_session', {
    body: CreateSessionBody,
    response: LoginResponse,
  }),
  postClientSignInLink: endpoint('POST /client/sign_in_link', {
    body: SignInLinkBody,
    response: LoginResponse,
  }),
  postClientBecome: endpoint('POST /client/become', { body: BecomeBody, response: BecomeResponse }),
  postClientEndSession: endpoint('POST /client/end_session', { response: MessageResponse }),
  postClientAuthenticate: endpoint('POST /client/authenticate', { response: AuthenticateResponse }),
};
