/**
 * Dev tools only (public context, like POST /dev/leads): POST /dev/invoices bills a demo user's
 * bpr account a new payable invoice now, so the pay flow can be shown and tested again and again.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { enums, integer, max, min, number, object, optional, string } from 'superstruct';
import { PAYABLE_STATUSES } from '../../src/api/contracts/billing';
import { Email } from '../../src/api/contracts/common';
import { users } from '../db/schema/identity';
import { accounts } from '../db/schema/shell';
import { billDemoInvoice } from '../domain/invoices';
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
};
