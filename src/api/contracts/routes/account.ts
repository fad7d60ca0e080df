/**
 * The endpoints server/routes/account.ts serves, with their contracts.
 */
import {
  AccountSettingsResponse,
  AccountSettingsTaskBody,
  AccountsSummaryResponse,
  ClientProfileResponse,
  ClientResponse,
  PaidMediaSaveBody,
  ProfileSaveBody,
  RefIdParam,
} from '../account';
import { endpoint } from '../declarations';

export const accountApi = {
  getClient: endpoint('GET /client', { response: ClientResponse }),
  putClient: endpoint('PUT /client', { body: ProfileSaveBody, response: ClientResponse }),
  getClientProfile: endpoint('GET /client/profile', { response: ClientProfileResponse }),
  postClientProfile: endpoint('POST /client/profile', {
    body: PaidMediaSaveBody,
    response: ClientProfileResponse,
  }),
  postClientAccountsSummary: endpoint('POST /client/accounts/summary', { response: AccountsSummaryResponse }),
  postClientAccountsRefIdSettings: endpoint('POST /client/accounts/:ref_id/settings', {
    params: RefIdParam,
    body: AccountSettingsTaskBody,
    response: AccountSettingsResponse,
  }),
};
