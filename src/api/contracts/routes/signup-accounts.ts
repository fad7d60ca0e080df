/**
 * The endpoints server/routes/signup-accounts.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import {
  AccountUpdateBody,
  AccountUpdateResponse,
  LegacyAccountBody,
  LegacyAccountResponse,
  PackageBody,
  PackageResponse,
  PackagesResponse,
} from '../signup';

export const signupAccountsApi = {
  postClientAccountUpdate: endpoint('POST /client/account/update', {
    body: AccountUpdateBody,
    response: AccountUpdateResponse,
  }),
  postClientAccounts: endpoint('POST /client/accounts', {
    body: LegacyAccountBody,
    response: LegacyAccountResponse,
  }),
  getClientAccountsPackages: endpoint('GET /client/accounts/packages', { response: PackagesResponse }),
  postClientAccountsPackage: endpoint('POST /client/accounts/package', {
    body: PackageBody,
    response: PackageResponse,
  }),
};
