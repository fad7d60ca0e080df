/**
 * The demo simulator (on in `npm start`, off in tests unless SIMULATOR is left on): makes the demo
 * live at a steady pace, one event per tick for one demo customer:
 * - a new lead at one of their accounts, coherent from name to recording (demo/demo-lead.ts),
 *   created by domain/leads/leads.ts `createLead` (so bpr/fsr leads get their platform's review window
 *   and every user of the organization gets `lead_created`), announced in the bell;
 * - an invoice paid or failed (domain/demo/simulation.ts `settleInvoice`: switch_status + bell);
 * - a reach value resolving (reach_update);
 * - a tip in the bell.
 *
 * Everything goes through domain functions and the app's live bus, never through an HTTP route,
 * so the simulator works without dev tools; it must be given the same LiveBus the app serves /live
 * from (on PGlite a second bus would persist messages without waking anyone).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  accountsWithLeads,
  type DemoCustomer,
  demoCustomers,
  openInvoices,
  organizationCampaigns,
  settleInvoice,
} from '../domain/demo/simulation';
import type { LiveBus } from '../domain/messaging/live-bus';
import { notifyUser } from '../domain/messaging/notify';
import { createRng, type Rng } from '../seed/rng';
import { arriveDemoLead } from './demo-lead';

const SIMULATOR_INTERVAL_MS = 20_000;

export type SimulatorDeps = { db: Db; live: LiveBus; log?: FastifyBaseLogger };
export type SimulatorOptions = { intervalMs?: number; seed?: number };

/** What one tick did, for logs and tests. */
export type SimulatedEvent =
  | { kind: 'lead'; customer: DemoCustomer; leadId: number }
  | { kind: 'invoice'; customer: DemoCustomer; invoiceId: number; paid: boolean }
  | { kind: 'reach'; customer: DemoCustomer; campaignId: number }
  | { kind: 'tip'; customer: DemoCustomer };

const TIPS = [
  'Tip: answer calls within 3 rings to book more jobs.',
  'Your weekly performance report is ready to view.',
  'Reminder: review your campaign schedule before the holiday weekend.',
];

async function simulateLead(
  deps: SimulatorDeps,
  rng: Rng,
  customer: DemoCustomer,
): Promise<SimulatedEvent | null> {
  const accountIds = await accountsWithLeads(deps.db, customer.organizationId);
  if (accountIds.length === 0) return null;
  const lead_type = rng.chance(0.7) ? 'Call' : 'Form';
  const lead = await arriveDemoLead(deps, rng, rng.pick(accountIds), { lead_type });
  await notifyUser(deps.db, deps.live, customer.userId, {
    message: `New ${lead_type === 'Call' ? 'call' : 'form'} lead from ${lead.name} (${lead.service})`,
    action: 'go_to',
    index: 'leads',
    id: lead.id,
  });
  return { kind: 'lead', customer, leadId: lead.id };
}

async function simulateInvoice(deps: SimulatorDeps, rng: Rng, customer: DemoCustomer) {
  const open = await openInvoices(deps.db, customer.organizationId);
  if (open.length === 0) return null;
  const invoice = rng.pick(open);
  const paid = rng.chance(0.75);
  await settleInvoice(deps.db, deps.live, customer.organizationId, invoice, paid);
  return { kind: 'invoice', customer, invoiceId: invoice.id, paid } as const;
}

async function simulateReach(deps: SimulatorDeps, rng: Rng, customer: DemoCustomer) {
  const campaignIds = (await organizationCampaigns(deps.db, customer.organizationId)).slice(0, 6);
  if (campaignIds.length === 0) return null;
  const campaignId = rng.pick(campaignIds);
  await deps.live.publish(deps.db, customer.userId, {
    message_type: 'reach_update',
    id: campaignId,
    level: rng.pick([null, 'ad', 'account']),
    placeholder: 'miss',
    data: { reach: rng.int(800, 40_000), performance_change: Math.round((rng.next() * 40 - 15) * 10) / 10 },
  });
  return { kind: 'reach', customer, campaignId } as const;
}

/** One simulated event for one random demo customer; null when that customer had nothing to change. */
export async function simulateOnce(deps: SimulatorDeps, rng: Rng): Promise<SimulatedEvent | null> {
  const everyone = await demoCustomers(deps.db);
  if (everyone.length === 0) return null;
  const customer = rng.pick(everyone);
  const roll = rng.next();
  if (roll < 0.5) return simulateLead(deps, rng, customer);
  if (roll < 0.75) return simulateInvoice(deps, rng, customer);
  if (roll < 0.9) return simulateReach(deps, rng, customer);
  await notifyUser(deps.db, deps.live, customer.userId, { message: rng.pick(TIPS), action: 'no_action' });
  return { kind: 'tip', customer };
}

/** Starts ticking; answers stop(). A tick still running when the next is due is not doubled. */
export function startSimulator(deps: SimulatorDeps, options: SimulatorOptions = {}): () => void {
  const rng = createRng(options.seed ?? Date.now());
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    simulateOnce(deps, rng)
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'simulator tick failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? SIMULATOR_INTERVAL_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}
