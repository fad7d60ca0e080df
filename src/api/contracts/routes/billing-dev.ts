/**
 * The endpoints server/routes/billing-dev.ts serves, with their contracts.
 */
import { IdParam } from '../common';
import { endpoint } from '../declarations';
import { DevInvoiceBody, DevInvoiceResponse, DevPaymentsResponse } from '../dev';

export const billingDevApi = {
  postDevInvoices: endpoint('POST /dev/invoices', { body: DevInvoiceBody, response: DevInvoiceResponse }),
  getDevInvoicesIdPayments: endpoint('GET /dev/invoices/:id/payments', {
    params: IdParam,
    response: DevPaymentsResponse,
  }),
};
