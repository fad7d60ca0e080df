/**
 * The endpoints server/routes/signup-custom.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import {
  CustomFirstStepBody,
  CustomFirstStepResponse,
  CustomSecondStepBody,
  CustomSecondStepResponse,
  LeadCostsResponse,
  ServicesResponse,
  UserDataQuery,
  UserDataResponse,
} from '../signup';

export const signupCustomApi = {
  getServices: endpoint('GET /services', { response: ServicesResponse }),
  getClientLeadCosts: endpoint('GET /client/lead_costs', { response: LeadCostsResponse }),
  getClientGetUserData: endpoint('GET /client/get_user_data', {
    querystring: UserDataQuery,
    response: UserDataResponse,
  }),
  postClientRegistrationFirstStep: endpoint('POST /client/registration_first_step', {
    body: CustomFirstStepBody,
    response: CustomFirstStepResponse,
  }),
  postClientRegistrationSecondStep: endpoint('POST /client/registration_second_step', {
    body: CustomSecondStepBody,
    response: CustomSecondStepResponse,
  }),
};
