/**
 * The payment form's calls (spec part 1 §7): the provider's checkout token and creating the
 * payment method from the provider's ids. Money moves need a connection: nothing is queued.
 */
import { request } from '../../api/client';
import {
  type CreatePaymentMethodBody,
  CreatePaymentMethodResponse,
  type PaymentPlatform,
  PaysimpleToken,
} from '../../api/contracts/payments';

export const getPaysimpleToken = (platform: PaymentPlatform) =>
  request(PaysimpleToken, `/${platform}/paysimple/token`, { cache: 'network-only' });

export const postPaymentMethod = (platform: PaymentPlatform, body: Partial<CreatePaymentMethodBody>) =>
  request(CreatePaymentMethodResponse, `/${platform}/payment_methods/create`, { method: 'POST', body });
