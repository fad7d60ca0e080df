/**
 * The domain side of the demo simulator (server/demo/simulator.ts): the reads it needs and the
 * changes it makes, each with its live messages. What happens when, and every fake value, is
 * decided in demo/; here is only what a real event of the same kind would do.
 *
 * - settleInvoice changes the invoice and tells every user of its organization, on the live bus
 *   (switch_status on the Invoice) and in the bell (a notification), like a real payment event.
 * - Demo customers are the completed, non-socius users with a linked account and a @demo.test
 *   address: the simulator never touches a real customer's data.
 */
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, payments } from '../../db/schema/billing';
import { campaigns } from '../../db/schema/campaigns';
import { users } from '../../db/schema/identity';
import { leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { now } from '../../lib/clock';
import type { LiveBus } from '../messaging/live-bus';
import { notifyUser } from '../messaging/notify';

export type DemoCustomer = { userId: number; email: string; organizationId: number };

export async function demoCustomers(db: Db): Promise<DemoCustomer[]> {
  const rows = await db
    .selectDistinct({ userId: users.id, email: users.email, organizationId: users.organization_id })
    .from(users)
    .innerJoin(accounts, eq(accounts.organization_id, users.organization_id))
    .where(and(eq(users.signup_completed, true), eq(users.is_socius, false)))
    .orderBy(asc(users.id));
  return rows.filter((row) => row.email.endsWith('@demo.test'));
}

/** The organization's accounts that already have leads (a new lead inherits from the latest). */
export async function accountsWithLeads(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: accounts.id })
    .from(accounts)
    .innerJoin(leads, eq(leads.account_id, accounts.id))
    .where(eq(accounts.organization_id, organizationId))
    .orderBy(asc(accounts.id));
  return rows.map((row) => row.id);
}

/**
 * The organization's open invoices the simulator may settle: never one whose payment from the
 * portal is still settling (the customer's own payment decides that invoice, and a simulated
 * settlement in between would tell them "cannot be paid" for a payment that goes through).
 */
export async function openInvoices(db: Db, organizationId: number, limit = 20) {
  return db
    .select({ id: invoices.id, name: invoices.name })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.account_id))
    .where(
      and(
        eq(accounts.organization_id, organizationId),
        inArray(invoices.status, ['Unpaid', 'Pending', 'Partially paid']),
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.invoice_id, invoices.id), eq(payments.status, 'pending'))),
        ),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(limit);
}

export async function organizationCampaigns(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
    .where(eq(accounts.organization_id, organizationId))
    .orderBy(asc(campaigns.id));
  return rows.map((row) => row.id);
}

const members = (db: Db, organizationId: number) =>
  db.select({ id: users.id }).from(users).where(eq(users.organization_id, organizationId));

/** An invoice paid (nothing left to pay) or its payment failed (the amount stays outstanding). */
export async function settleInvoice(
  db: Db,
  live: LiveBus,
  organizationId: number,
  invoice: { id: number; name: string },
  paid: boolean,
) {
  const at = now();
  await db
    .update(invoices)
    .set({
      status: paid ? 'Paid' : 'Failed',
      paid_at: paid ? at : null,
      outstanding_amount_cents: paid ? 0 : sql`${invoices.outstanding_amount_cents}`,
      updated_at: at,
    })
    .where(eq(invoices.id, invoice.id));
  const message = paid
    ? `Invoice ${invoice.name} has been paid.`
    : `The payment for invoice ${invoice.name} failed.`;
  for (const member of await members(db, organizationId)) {
    await live.publish(db, member.id, {
      message_type: 'switch_status',
      object: 'Invoice',
      id: invoice.id,
      status: paid ? 'paid' : 'failed',
    });
    await notifyUser(db, live, member.id, { message, action: 'go_to', index: 'billing', id: invoice.id });
  }
}
