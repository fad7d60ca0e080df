/**
 * The endpoints server/routes/billing.ts serves, with their contracts.
 */
import {
  AssignAccountsBody,
  DeletePaymentMethodResponse,
  EditPaymentMethodBody,
  InvoicePaymentParams,
  InvoicePaymentResponse,
  InvoicesExportQuery,
  InvoicesQuery,
  InvoicesResponse,
  PayInvoiceBody,
  PayInvoiceResponse,
  PaymentMethodResponse,
  PaymentMethodsQuery,
  PaymentMethodsResponse,
  PlatformIdParam,
} from '../billing';
import { IdParam } from '../common';
import { endpoint } from '../declarations';
import { PaymentPlatformParam } from '../requests';
import { ExportResponse } from '../toolbar';

export const billingApi = {
  getInvoices: endpoint('GET /invoices', { querystring: InvoicesQuery, response: InvoicesResponse }),
  getInvoicesExport: endpoint('GET /invoices/export', {
    querystring: InvoicesExportQuery,
    response: ExportResponse,
  }),
  getInvoicesId: endpoint('GET /invoices/:id', { params: IdParam }),
  postInvoicesId: endpoint('POST /invoices/:id', {
    params: IdParam,
    body: PayInvoiceBody,
    response: PayInvoiceResponse,
  }),
  getInvoicesIdPaymentsPaymentId: endpoint('GET /invoices/:id/payments/:payment_id', {
    params: InvoicePaymentParams,
    response: InvoicePaymentResponse,
  }),
  getPaymentMethods: endpoint('GET /payment_methods', {
    querystring: PaymentMethodsQuery,
    response: PaymentMethodsResponse,
  }),
  postPlatformPaymentMethodsUpdate: endpoint('POST /:platform/payment_methods/update', {
    params: PaymentPlatformParam,
    body: AssignAccountsBody,
    response: PaymentMethodResponse,
  }),
  postPlatformPaymentMethodsIdEdit: endpoint('POST /:platform/payment_methods/:id/edit', {
    params: PlatformIdParam,
    body: EditPaymentMethodBody,
    response: PaymentMethodResponse,
  }),
  deletePlatformPaymentMethodsId: endpoint('DELETE /:platform/payment_methods/:id', {
    params: PlatformIdParam,
    response: DeletePaymentMethodResponse,
  }),
};
