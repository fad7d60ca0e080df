/**
 * Interest requests, shared by the overview carousel, the Products page and the performance
 * summary's locked cards:
 * - `submitInterest`: POST /submit_mql_info (part 2 §7) for the signed-in user;
 * - `submitInterestForm`: the marketing-automation provider's form intake (part 3 §3, §7), by
 *   default the reference server's sandbox (VITE_INTEREST_FORM_URL to point at the provider).
 * Both tell the user something happened (a toast), so both need a connection and say so offline
 * rather than queueing a request the user would never hear back from.
 */
import { request } from '../../api/client';
import { endpointPath } from '../../api/contracts/endpoints';
import {
  type InterestFormBody,
  InterestFormResponse,
  type MqlBody,
  MqlResponse,
} from '../../api/contracts/marketing';
import { postThirdParty } from '../../api/third-party';
import { requireConnection } from '../../sync/connectivity-guard';

export async function submitInterest(body: MqlBody) {
  requireConnection();
  return request(MqlResponse, endpointPath('POST /submit_mql_info'), { method: 'POST', body, toast: false });
}

const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env ?? {};
const FORM_URL = env.VITE_INTEREST_FORM_URL?.trim() || '/sandbox/marketing/submissions';

export async function submitInterestForm(body: InterestFormBody) {
  requireConnection();
  return postThirdParty(InterestFormResponse, FORM_URL, body);
}
