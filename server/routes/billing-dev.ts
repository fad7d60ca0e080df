/**
 * Dev tools only (public context, like POST /dev/leads): POST /dev/invoices bills a demo user's
 * bpr account a new payable invoice now, so the pay flow can be shown and tested again and again;
 * GET /dev/invoices/{id}/payments lists every charge made on an invoice (a test counts them).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { billingDevApi } from '../../src/api/contracts/routes/billing-dev';
import { payments } from '../db/schema/billing';
import { users } from '../db/schema/identity';
import { accounts } from '../db/schema/shell';
import { billDemoInvoice } from '../domain/billing/invoices';
import { notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { serve } from './serve';

export const devBillingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(app, billingDevApi.postDevInvoices, async (request) => {
    const body = request.body;
    const [account] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(users, eq(users.organization_id, accounts.organization_id))
      .where(and(eq(users.email, body.email), eq(accounts.platform, 'bpr')))
      .orderBy(asc(accounts.id))
      .limit(1);
    if (!account) throw notFound('No bpr account for this user');
    const invoice = await billDemoInvoice(
      app.db,
      account.id,
      body.status ?? 'Unpaid',
      body.amount_cents ?? 14_900,
    );
    return {
      invoice: {
        id: invoice.id,
        name: invoice.name,
        outstanding_amount_cents: invoice.outstanding_amount_cents,
      },
    };
  });

  serve(app, billingDevApi.getDevInvoicesIdPayments, async (request) => ({
    payments: await app.db
      .select({ id: payments.id, status: payments.status, amount_cents: payments.amount_cents })
      .from(payments)
      .where(eq(payments.invoice_id, Number(request.params.id)))
      .orderBy(asc(payments.id)),
  }));
};
