/**
 * The demo simulator (on in `npm start`, off in tests unless SIMULATOR is left on): makes the demo
 * live at a steady pace, one event per tick for one demo customer, each with its live message:
 * - a new lead (a copy of one of their recent leads under a new caller), announced by notification;
 * - an invoice paid or failed (switch_status on the Invoice, plus a notification);
 * - a reach value resolving (reach_update);
 * - a tip notification.
 * Messages go out through the dev emitter (POST /api/v1/dev/emit), the same path as `npm run emit`,
 * so the simulator needs dev tools on; data changes go straight to the database.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { invoices } from '../db/schema/billing';
import { campaigns } from '../db/schema/campaigns';
import { users } from '../db/schema/identity';
import { leadDetails, leads } from '../db/schema/leads';
import { accounts } from '../db/schema/shell';
import { FIRST_NAMES, LAST_NAMES } from '../seed/business/lead-content';
import { createRng, type Rng } from '../seed/rng';

export const SIMULATOR_INTERVAL_MS = 20_000;

export type SimulatorOptions = { intervalMs?: number; seed?: number };

type Customer = { userId: number; email: string; organizationId: number };

const TIPS = [
  'Tip: answer calls within 3 rings to book more jobs.',
  'Your weekly performance report is ready to view.',
  'Reminder: review your campaign schedule before the holiday weekend.',
];

async function customers(db: Db): Promise<Customer[]> {
  const rows = await db
    .selectDistinct({ userId: users.id, email: users.email, organizationId: users.organization_id })
    .from(users)
    .innerJoin(accounts, eq(accounts.organization_id, users.organization_id))
    .where(and(eq(users.signup_completed, true), eq(users.is_socius, false)));
  return rows.filter((row) => row.email.endsWith('@demo.test'));
}

async function newLead(db: Db, rng: Rng, customer: Customer) {
  const [template] = await db
    .select()
    .from(leads)
    .innerJoin(accounts, eq(accounts.id, leads.account_id))
    .where(eq(accounts.organization_id, customer.organizationId))
    .orderBy(desc(leads.id))
    .limit(1)
    .offset(rng.int(0, 20));
  if (!template) return null;
  const lead = template.leads;
  const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  const { id: _id, ...copy } = lead;
  const [created] = await db
    .insert(leads)
    .values({ ...copy, name, ref_id: `SIM-${Date.now()}-${rng.int(1000, 9999)}`, created_at: new Date() })
    .returning({ id: leads.id });
  const [details] = await db.select().from(leadDetails).where(eq(leadDetails.lead_id, lead.id));
  if (details)
    await db.insert(leadDetails).values({ ...details, lead_id: created.id, dispute_status: 'none' });
  const kind = lead.lead_type === 'Call' ? 'call' : 'form';
  return {
    notification: {
      message: `New ${kind} lead from ${name} (${lead.service})`,
      action: 'go_to',
      index: 'leads',
    },
  };
}

async function invoiceChange(db: Db, rng: Rng, customer: Customer) {
  const open = await db
    .select({ id: invoices.id, name: invoices.name })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.account_id))
    .where(
      and(
        eq(accounts.organization_id, customer.organizationId),
        inArray(invoices.status, ['Unpaid', 'Pending', 'Partially paid']),
      ),
    )
    .limit(20);
  if (open.length === 0) return null;
  const invoice = rng.pick(open);
  const paid = rng.chance(0.75);
  await db
    .update(invoices)
    .set({
      status: paid ? 'Paid' : 'Failed',
      paid_at: paid ? new Date() : null,
      outstanding_amount_cents: paid ? 0 : sql`${invoices.outstanding_amount_cents}`,
      updated_at: new Date(),
    })
    .where(eq(invoices.id, invoice.id));
  return {
    payload: {
      message_type: 'switch_status',
      object: 'Invoice',
      id: invoice.id,
      status: paid ? 'paid' : 'failed',
    },
    notification: {
      message: paid
        ? `Invoice ${invoice.name} has been paid.`
        : `The payment for invoice ${invoice.name} failed.`,
      action: 'go_to',
      index: 'billing',
    },
  };
}

async function reachUpdate(db: Db, rng: Rng, customer: Customer) {
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
    .where(eq(accounts.organization_id, customer.organizationId))
    .limit(1)
    .offset(rng.int(0, 5));
  if (!campaign) return null;
  const level = rng.pick([null, 'ad', 'account']);
  return {
    payload: {
      message_type: 'reach_update',
      id: campaign.id,
      level,
      placeholder: 'miss',
      data: { reach: rng.int(800, 40_000), performance_change: Math.round((rng.next() * 40 - 15) * 10) / 10 },
    },
  };
}

/** One simulated event for one random demo customer. */
export async function simulateOnce(app: FastifyInstance, db: Db, rng: Rng): Promise<void> {
  const everyone = await customers(db);
  if (everyone.length === 0) return;
  const customer = rng.pick(everyone);
  const roll = rng.next();
  const event =
    roll < 0.5
      ? await newLead(db, rng, customer)
      : roll < 0.75
        ? await invoiceChange(db, rng, customer)
        : roll < 0.9
          ? await reachUpdate(db, rng, customer)
          : { notification: { message: rng.pick(TIPS), action: 'no_action' } };
  if (!event) return;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/dev/emit',
    payload: { email: customer.email, ...event },
  });
  if (response.statusCode !== 200) app.log.warn({ status: response.statusCode }, 'simulator emit refused');
}

/** Starts ticking; answers stop(). Needs dev tools (the emitter route). */
export function startSimulator(app: FastifyInstance, db: Db, options: SimulatorOptions = {}): () => void {
  const rng = createRng(options.seed ?? Date.now());
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    simulateOnce(app, db, rng)
      .catch((error: unknown) => app.log.warn({ err: error }, 'simulator tick failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? SIMULATOR_INTERVAL_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}
