/**
 * The endpoints server/routes/push.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import {
  PushKeyResponse,
  PushSubscriptionBody,
  PushSubscriptionResponse,
  PushUnsubscribeBody,
} from '../push';

export const pushApi = {
  getPushKey: endpoint('GET /push/key', { response: PushKeyResponse }),
  postPushSubscription: endpoint('POST /push/subscription', {
    body: PushSubscriptionBody,
    response: PushSubscriptionResponse,
  }),
  deletePushSubscription: endpoint('DELETE /push/subscription', {
    body: PushUnsubscribeBody,
    response: PushSubscriptionResponse,
  }),
};
