/**
 * Billing (spec part 3 §7 "Billing"): invoices (list, PDF, pay) and saved payment methods (list,
 * assign accounts, edit, delete). Session context, scoped to the caller's organization: another
 * customer's invoice or method id is a 404. Creating a method is routes/payments.ts; the CSV is
 * the 'invoices' type of routes/exports.ts (POST /invoices/export), answered here too for the
 * spec's GET /invoices/export (same export, domain/billing/invoices-export.ts).
 * - A payment's settlement can be followed: GET /invoices/{id}/payments/{payment_id}.
 * - Editing a method or assigning accounts to it charges the Failed invoices it now pays again
 *   (domain/billing/failed-retry.ts); the answer's `retried` says how many.
 *
 * - Every write runs through mutate(): the same Idempotency-Key replays the stored answer, so a
 *   double click or a retried pay request charges once (domain/billing/billing-payments.ts).
 * - Settlement is a durable job (SETTLE_JOB on server/jobs/), enqueued with the payment: it runs
 *   on whichever instance's worker claims it, after a restart too. A job that gives up fails the
 *   payment with SETTLE_GAVE_UP, so an invoice never stays Pending for ever.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BILLING_MESSAGES } from '../../src/api/contracts/billing';
import { PaymentPlatform } from '../../src/api/contracts/payments';
import { billingApi } from '../../src/api/contracts/routes/billing';
import { becomeSecret } from '../domain/auth/become';
import {
  assignAccounts,
  billingAccounts,
  deleteMethod,
  editMethod,
  listMethods,
  methodRecord,
} from '../domain/billing/billing-methods';
import {
  invoicePayment,
  payInvoice,
  SETTLE_JOB,
  type SettleJob,
  settlePayment,
} from '../domain/billing/billing-payments';
import { retryAccountFailures, retryMethodFailures } from '../domain/billing/failed-retry';
import { invoiceFileName, renderInvoicePdf } from '../domain/billing/invoice-pdf';
import { invoiceScope, listInvoices, ownInvoiceWithPayment } from '../domain/billing/invoices';
import { exportInvoices } from '../domain/billing/invoices-export';
import { providerAccount } from '../domain/billing/payment-methods';
import { sandboxKey } from '../domain/billing/payments-sandbox';
import { pruneExpiredExports } from '../domain/exports/exports';
import { registerJobHandler } from '../jobs/queue';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const SETTLE_GAVE_UP = 'The payment could not be processed. Please try again later.';

registerJobHandler<SettleJob>(
  SETTLE_JOB,
  async ({ payment_id }, { db, live, config }) => {
    await settlePayment(db, live, sandboxKey(becomeSecret(config)), payment_id);
  },
  {
    onFailed: async ({ payment_id }, { db, live, config }) => {
      await settlePayment(db, live, sandboxKey(becomeSecret(config)), payment_id, {
        ok: false,
        message: SETTLE_GAVE_UP,
      });
    },
  },
);

export const billingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const key = sandboxKey(app.becomeSecret);

  serve(app, billingApi.getInvoices, async (request) => {
    const scope = await invoiceScope(db, callerOf(request).organizationId);
    return listInvoices(db, scope, request.query);
  });

  /** Spec part 3 §7: GET with order, start_date, end_date (the toolbar's flow sends the POST). */
  serve(app, billingApi.getInvoicesExport, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.query;
    if (body.start_date > body.end_date)
      throw unprocessable({ end_date: ['The end date must be on or after the start date'] });
    const scope = await invoiceScope(db, caller.organizationId);
    await pruneExpiredExports(db, app.config).catch((error) =>
      request.log.warn({ err: error }, 'expired exports not pruned'),
    );
    return mutate(db, request, reply, (tx) =>
      exportInvoices(tx, app.config, app.becomeSecret, caller.userId, { scope, body }),
    );
  });

  /** The invoice as a PDF file (with its receipt once paid). */
  serve(app, billingApi.getInvoicesId, async (request, reply) => {
    const invoice = await ownInvoiceWithPayment(
      db,
      callerOf(request).organizationId,
      Number(request.params.id),
    );
    const pdf = await renderInvoicePdf(db, invoice);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${invoiceFileName(invoice)}"`);
    reply.header('cache-control', 'private, no-store');
    return reply.send(Buffer.from(pdf));
  });

  serve(app, billingApi.postInvoicesId, async (request, reply) => {
    const caller = callerOf(request);
    return mutate(db, request, reply, (tx) =>
      payInvoice(tx, caller, Number(request.params.id), request.body),
    );
  });

  serve(app, billingApi.getInvoicesIdPaymentsPaymentId, async (request) =>
    invoicePayment(
      db,
      callerOf(request).organizationId,
      Number(request.params.id),
      Number(request.params.payment_id),
    ),
  );

  serve(app, billingApi.getPaymentMethods, async (request) => {
    const { organizationId } = callerOf(request);
    const invoiceId = request.query.invoice_id;
    if (invoiceId !== undefined) await ownInvoiceWithPayment(db, organizationId, invoiceId);
    const accounts = await billingAccounts(db, organizationId);
    return {
      records: await listMethods(db, organizationId, invoiceId !== undefined),
      // Methods are created under a card platform (live, socius, bpr): some account must be on one.
      can_create_payment_method: accounts.some((a) => PaymentPlatform.is(a.platform)),
      accounts,
    };
  });

  serve(app, billingApi.postPlatformPaymentMethodsUpdate, async (request, reply) => {
    const { organizationId, userId } = callerOf(request);
    const { payment_method_id, assigned_accounts } = request.body;
    const methodId = Number(payment_method_id);
    return mutate(db, request, reply, async (tx) => {
      const { ach, record } = await assignAccounts(tx, organizationId, methodId, assigned_accounts);
      const scope = { organizationId, userId, methodId };
      const retried = await retryAccountFailures(tx, scope, assigned_accounts);
      return { message: BILLING_MESSAGES.assigned(ach), record, ...(retried ? { retried } : {}) };
    });
  });

  serve(app, billingApi.postPlatformPaymentMethodsIdEdit, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const record = providerAccount(key, caller.userId, body);
    const methodId = Number(request.params.id);
    return mutate(db, request, reply, async (tx) => {
      const edited = await editMethod(tx, caller.organizationId, methodId, body, record);
      const scope = { organizationId: caller.organizationId, userId: caller.userId, methodId };
      const retried = await retryMethodFailures(tx, scope);
      // The record again: a retried charge is settling on the method now (can_delete).
      const answer = retried ? await methodRecord(tx, caller.organizationId, methodId) : edited;
      return { message: BILLING_MESSAGES.edited, record: answer, ...(retried ? { retried } : {}) };
    });
  });

  serve(app, billingApi.deletePlatformPaymentMethodsId, async (request, reply) => {
    const { organizationId } = callerOf(request);
    return mutate(db, request, reply, async (tx) => {
      await deleteMethod(tx, organizationId, Number(request.params.id));
      return { message: BILLING_MESSAGES.deleted };
    });
  });
};
