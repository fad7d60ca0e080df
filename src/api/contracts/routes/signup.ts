/**
 * The endpoints server/routes/signup.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { MsIdParam } from '../requests';
import { LegacyAccount, LegacyRegisterBody, RegisterBody, RegisterResponse, VerifyResponse } from '../signup';

export const signupApi = {
  postClientRegister: endpoint('POST /client/register', { body: RegisterBody, response: RegisterResponse }),
  getClientMarketsharpAccountsMsId: endpoint('GET /client/marketsharp/accounts/:ms_id', {
    params: MsIdParam,
    response: LegacyAccount,
  }),
  postClientMarketsharpRegister: endpoint('POST /client/marketsharp/register', {
    body: LegacyRegisterBody,
    MsIdParam,
    response: RegisterResponse,
  }),
  postClientRegistrationVerify: endpoint('POST /client/registration/verify', { response: VerifyResponse }),
};
