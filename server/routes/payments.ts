/**
 * Payment methods through the card provider (spec part 1 §7): the provider's checkout token for
 * the hosted fields, and creating a payment method from the ids the provider answered.
 *
 * - The API never sees a card or bank number: only the provider's account id, whose record
 *   (brand, last four, expiry, bank) comes from the provider (domain/payments-sandbox.ts).
 * - A provider account id is accepted only from the user whose checkout session created it.
 * - ACH needs the customer's authorization; invoice and assigned accounts must be the caller's.
 * - With sign_up the legacy / pay-per-call sign-up completes here, its last call.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { is } from 'superstruct';
import { CreatePaymentMethodBody, PaymentPlatform } from '../../src/api/contracts/payments';
import { invoices, paymentMethodAccounts, paymentMethods } from '../db/schema/billing';
import { organizations } from '../db/schema/identity';
import { accounts } from '../db/schema/shell';
import { customerId, issueCheckoutToken, readSandboxAccount, sandboxKey } from '../domain/payments-sandbox';
import { completeSignup } from '../domain/signup';
import { newToken } from '../lib/crypto';
import { notFound, parse, unprocessable } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

type PlatformParams = { Params: { platform: string } };

export const ACH_AUTHORIZATION_REQUIRED = 'Please authorize the debit from this bank account';

function platformOf(params: { platform: string }) {
  if (!is(params.platform, PaymentPlatform)) throw notFound();
  return params.platform;
}

export async function paymentRoutes(app: FastifyInstance, { db, becomeSecret }: RouteDeps) {
  const key = sandboxKey(becomeSecret);
  const auth = { preHandler: app.auth };

  app.get<PlatformParams>('/:platform/paysimple/token', auth, async (request, reply) => {
    platformOf(request.params);
    reply.header('cache-control', 'no-store');
    return { token: issueCheckoutToken(key, callerOf(request).userId) };
  });

  app.post<PlatformParams>('/:platform/payment_methods/create', auth, async (request, reply) => {
    const platform = platformOf(request.params);
    const caller = callerOf(request);
    const body = parse(CreatePaymentMethodBody, request.body);
    const record = readSandboxAccount(key, body.ps_account_id);
    if (!record || record.userId !== caller.userId || body.ps_customer_id !== customerId(key, caller.userId))
      throw unprocessable('This payment account was not created in your checkout session. Please try again.');
    if (record.type === 'ach' && body.authorized !== true)
      throw unprocessable({ authorized: [ACH_AUTHORIZATION_REQUIRED] });

    return mutate(db, request, reply, async (tx) => {
      const [org] = await tx.select().from(organizations).where(eq(organizations.id, caller.organizationId));
      if (body.ms_id && body.ms_id !== org.ms_id)
        throw unprocessable({ ms_id: ['This account belongs to another sign-up'] });
      if (body.invoice_id !== undefined && body.invoice_id !== null) {
        const [invoice] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .innerJoin(accounts, eq(accounts.id, invoices.account_id))
          .where(and(eq(invoices.id, Number(body.invoice_id)), eq(accounts.organization_id, org.id)));
        if (!invoice) throw notFound('No such invoice');
      }
      const refs = [...new Set(body.assigned_accounts ?? [])];
      const assigned = refs.length
        ? await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.organization_id, org.id), inArray(accounts.ref_id, refs)))
        : [];
      if (assigned.length !== refs.length) throw unprocessable({ assigned_accounts: ['Unknown account'] });

      const active = await tx
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.organization_id, org.id), isNull(paymentMethods.deleted_at)));
      // The same provider account twice (a retried submit) is the same payment method.
      const [method] = active.filter((m) => m.ps_account_id === body.ps_account_id).length
        ? active.filter((m) => m.ps_account_id === body.ps_account_id)
        : await tx
            .insert(paymentMethods)
            .values({
              organization_id: org.id,
              ref_id: `pm_${newToken().slice(0, 16)}`,
              platform,
              type: record.type === 'card' ? 'credit_card' : 'ach',
              brand: record.brand,
              last_four: record.lastFour,
              name: `${record.firstName} ${record.lastName}`.trim() || null,
              first_name: record.firstName || null,
              last_name: record.lastName || null,
              email: record.email || null,
              exp_month: record.expMonth,
              exp_year: record.expYear,
              bank_name: record.bankName,
              routing_number: record.routingNumber,
              account_number: record.type === 'ach' ? `****${record.lastFour}` : null,
              ach_type: record.accountType,
              authorized: record.type === 'ach',
              is_default: active.length === 0,
              ps_account_id: body.ps_account_id,
              ps_customer_id: body.ps_customer_id,
            })
            .returning();
      if (assigned.length) {
        await tx
          .insert(paymentMethodAccounts)
          .values(assigned.map((a) => ({ payment_method_id: method.id, account_id: a.id })))
          .onConflictDoNothing();
      }
      if (body.sign_up) await completeSignup(tx, caller.userId);
      return {
        message: `${method.type === 'ach' ? 'ACH Account' : 'Credit Card'} has been added successfully.`,
        payment_method: {
          id: method.id,
          ref_id: method.ref_id,
          platform: method.platform,
          type: method.type as 'credit_card' | 'ach',
          brand: method.brand,
          last_four: method.last_four,
          exp_month: method.exp_month,
          exp_year: method.exp_year,
          bank_name: method.bank_name,
          is_default: method.is_default,
        },
      };
    });
  });
}
