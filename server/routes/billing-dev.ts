/**
 * Dev tools only (public context, like POST /dev/leads): POST /dev/invoices bills a demo user's
 * bpr account a new payable invoice now, so the pay flow can be shown and tested again and again;
 * GET /dev/invoices/{id}/payments lists every charge made on an invoice (a test counts them).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { array, enums, integer, max, min, number, object, optional, string } from 'superstruct';
import { PAYABLE_STATUSES } from '../../src/api/contracts/billing';
import { Email, IdParam } from '../../src/api/contracts/common';
import { payments } from '../db/schema/billing';
import { users } from '../db/schema/identity';
import { accounts } from '../db/schema/shell';
import { billDemoInvoice } from '../domain/billing/invoices';
import { notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';

const DevInvoiceBody = object({
  email: Email,
  status: optional(enums(PAYABLE_STATUSES as ['Unpaid', 'Partially paid'])),
  amount_cents: optional(max(min(integer(), 100), 10_000_000)),
});
const DevInvoiceResponse = object({
  invoice: object({ id: number(), name: string(), outstanding_amount_cents: number() }),
});
const DevPaymentsResponse = object({
  payments: array(object({ id: number(), status: string(), amount_cents: number() })),
});

export const devBillingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.post(
    '/dev/invoices',
    { schema: { body: DevInvoiceBody }, config: { response: DevInvoiceResponse } },
    async (request) => {
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
    },
  );

  app.get(
    '/dev/invoices/:id/payments',
    { schema: { params: IdParam }, config: { response: DevPaymentsResponse } },
    async (request) => ({
      payments: await app.db
        .select({ id: payments.id, status: payments.status, amount_cents: payments.amount_cents })
        .from(payments)
        .where(eq(payments.invoice_id, Number(request.params.id)))
        .orderBy(asc(payments.id)),
    }),
  );
};
