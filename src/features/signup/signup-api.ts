/**
 * Sign-up's calls (spec part 1 §7) and the session changes built on them: the one file of this
 * feature with effects.
 *
 * - Sign-up needs a connection: nothing here is queued in the outbox; offline, a call fails with
 *   ApiError(0, "You're offline - this needs a connection") and the form keeps what was typed.
 * - A legacy or lead link's calls carry the link's pass (its id and key, signupPass) in the API
 *   token header (X-Api-Token): no token of the deployment is in the client.
 * - Reads that must be fresh (the legacy account, the accounts summary) skip the device cache.
 */

import { request } from '@/api/client';
import { endpointPath } from '@/api/contracts/endpoints';
import {
  AccountsSummary,
  type AccountUpdateBody,
  AccountUpdateResponse,
  API_TOKEN_HEADER,
  type CustomFirstStepBody,
  CustomFirstStepResponse,
  type CustomSecondStepBody,
  CustomSecondStepResponse,
  LeadCostsResponse,
  LegacyAccount,
  type LegacyAccountBody,
  LegacyAccountResponse,
  type LegacyRegisterBody,
  type PackageBody,
  PackageResponse,
  PackagesResponse,
  type RegisterBody,
  RegisterResponse,
  ServicesResponse,
  signupPass,
  UserDataResponse,
  VerifyResponse,
} from '@/api/contracts/signup';
import { clearSession, type Session, setSession } from '@/db/session';
import { REGISTRATION_FLAGS } from '@/lib/registration-flags';
import { storable, type WizardState } from './wizard-state';

const env = import.meta.env as Record<string, string | undefined>;

/** A link's pass as the API token header (spec part 1 §6). */
const withPass = (pass: string) => ({ headers: { [API_TOKEN_HEADER]: pass } });

/** The custom flow's pass: the lead id and key of the link the customer opened. */
export const leadPass = (state: Pick<WizardState, 'lead_id' | 'link_key'>) =>
  signupPass(state.lead_id ?? '', state.link_key);

/** The provider's terms of service (custom flow step 1); only an http(s) address is used. */
export const TERMS_URL = /^https?:\/\//i.test(env.VITE_TERMS_URL ?? '')
  ? (env.VITE_TERMS_URL as string)
  : 'https://example.com/terms';

export const postRegister = (body: RegisterBody) =>
  request(RegisterResponse, endpointPath('POST /client/register'), { method: 'POST', body });

/** The legacy account is claimed with its link's key. */
export const postLegacyRegister = (body: LegacyRegisterBody, key: string | null | undefined) =>
  request(RegisterResponse, endpointPath('POST /client/marketsharp/register'), {
    ...withPass(signupPass(body.ms_id, key)),
    method: 'POST',
    body,
  });

export const getLegacyAccount = (msId: string, key: string | null | undefined) =>
  request(LegacyAccount, endpointPath('GET /client/marketsharp/accounts/:ms_id', { ms_id: msId }), {
    ...withPass(signupPass(msId, key)),
    cache: 'network-only',
  });

/** Token verify: the registration token goes as Basic auth (the client adds it from the session). */
export const postVerify = () =>
  request(VerifyResponse, endpointPath('POST /client/registration/verify'), { method: 'POST' });

export const postAccountUpdate = (body: AccountUpdateBody) =>
  request(AccountUpdateResponse, endpointPath('POST /client/account/update'), { method: 'POST', body });

export const postLegacyAccount = (body: LegacyAccountBody) =>
  request(LegacyAccountResponse, endpointPath('POST /client/accounts'), { method: 'POST', body });

export const getPackages = () =>
  request(PackagesResponse, endpointPath('GET /client/accounts/packages'), { cache: 'network-only' });

export const postPackage = (body: PackageBody) =>
  request(PackageResponse, endpointPath('POST /client/accounts/package'), { method: 'POST', body });

/** With the custom flow's pass (no session yet), or the signed-in customer's session. */
export const getServices = (pass: string | null) =>
  request(ServicesResponse, endpointPath('GET /services'), {
    ...(pass ? withPass(pass) : {}),
    toast: false,
  });

export const getLeadCosts = (pass: string) =>
  request(LeadCostsResponse, endpointPath('GET /client/lead_costs'), { ...withPass(pass), toast: false });

export const getUserData = (pass: string, leadId: string) =>
  request(UserDataResponse, endpointPath('GET /client/get_user_data'), {
    ...withPass(pass),
    query: { salesforce_id: leadId },
  });

export const postCustomFirstStep = (body: CustomFirstStepBody, pass: string) =>
  request(CustomFirstStepResponse, endpointPath('POST /client/registration_first_step'), {
    ...withPass(pass),
    method: 'POST',
    body,
  });

const basic = (token: string) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${token}:`)))}`;

/** Step 2 proves it follows step 1 with the registration token step 1 answered (Basic auth). */
export const postCustomSecondStep = (body: CustomSecondStepBody, registrationToken: string, pass: string) =>
  request(CustomSecondStepResponse, endpointPath('POST /client/registration_second_step'), {
    method: 'POST',
    body,
    headers: { ...withPass(pass).headers, Authorization: basic(registrationToken) },
  });

export const getAccountsSummary = () =>
  request(AccountsSummary, endpointPath('POST /client/accounts/summary'), {
    method: 'POST',
    body: {},
    cache: 'network-only',
  });

/** Every registration field of the session store, cleared (spec part 1 §3). */
export const REGISTRATION_CLEARED = REGISTRATION_FLAGS satisfies Partial<Session>;

/** Keeps the progress (never the passwords), with any other session fields in the same write. */
export function saveProgress(state: WizardState, patch: Partial<Session> = {}): Promise<void> {
  return setSession({ ...patch, 'account-reg-info': storable(state) });
}

/** Sign-up cannot go on (already completed, a dead link): forget everything, sign in instead. */
export async function leaveToLogin(navigate: (to: string) => void): Promise<void> {
  await clearSession();
  navigate('/login');
}

export const clearRegistration = () => setSession(REGISTRATION_CLEARED);
