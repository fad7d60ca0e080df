/**
 * The endpoints server/routes/payments.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { CreatePaymentMethodBody, CreatePaymentMethodResponse, PaysimpleToken } from '../payments';
import { PaymentPlatformParam } from '../requests';

export const paymentsApi = {
  getPlatformPaysimpleToken: endpoint('GET /:platform/paysimple/token', {
    params: PaymentPlatformParam,
    response: PaysimpleToken,
    PaymentPlatformParam,
  }),
  postPlatformPaymentMethodsCreate: endpoint('POST /:platform/payment_methods/create', {
    params: PaymentPlatformParam,
    body: CreatePaymentMethodBody,
    response: CreatePaymentMethodResponse,
  }),
};
