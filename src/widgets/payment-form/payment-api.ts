/**
 * The payment form's calls (spec part 1 §7): the provider's checkout token and creating the
 * payment method from the provider's ids. Money moves need a connection: nothing is queued.
 */
import { request } from '../../api/client';
import { endpointPath } from '../../api/contracts/endpoints';
import {
  type CreatePaymentMethodBody,
  CreatePaymentMethodResponse,
  type PaymentPlatform,
  PaysimpleToken,
} from '../../api/contracts/payments';

export const getPaysimpleToken = (platform: PaymentPlatform) =>
  request(PaysimpleToken, endpointPath('GET /:platform/paysimple/token', { platform }), {
    cache: 'network-only',
  });

export const postPaymentMethod = (platform: PaymentPlatform, body: Partial<CreatePaymentMethodBody>) =>
  request(CreatePaymentMethodResponse, endpointPath('POST /:platform/payment_methods/create', { platform }), {
    method: 'POST',
    body,
  });
