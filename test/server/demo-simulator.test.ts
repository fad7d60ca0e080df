/**
 * The demo simulator and its leads: every lead it makes is born through createLead (the platform's
 * review window, a `lead_created` for every user of the organization) and is about one person
 * (name, email, summary, transcript, answers, conversation time and call length agree), read back
 * through GET /leads/{id}; and ticks keep sending a mix of live messages to demo customers.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/db/schema/billing';
import { users } from '../../server/db/schema/identity';
import { leads } from '../../server/db/schema/leads';
import { accounts, liveMessages, notifications } from '../../server/db/schema/shell';
import { arriveDemoLead } from '../../server/demo/demo-lead';
import { type SimulatorDeps, simulateOnce } from '../../server/demo/simulator';
import { demoCustomers, openInvoices, settleInvoice } from '../../server/domain/demo/simulation';
import { LiveBus } from '../../server/domain/messaging/live-bus';
import { createRng } from '../../server/seed/rng';
import { LeadDetail, LiveLead } from '../../src/api/contracts/leads';
import { reviewWindowEnd } from '../../src/lib/review-window';
import { type Session, signIn, startApp, type TestApp } from './helpers';

const DAY_MS = 86_400_000;

describe('demo simulator', () => {
  let t: TestApp;
  let deps: SimulatorDeps;
  const sessions = new Map<number, Session>();

  beforeAll(async () => {
    t = await startApp('pglite');
    // The test app keeps its bus to itself; a second one on the same database persists the same rows.
    deps = { db: t.db, live: new LiveBus(t.handle) };
  });
  afterAll(() => t?.close());

  const lastMessageId = async () =>
    (await t.db.select({ id: liveMessages.id }).from(liveMessages).orderBy(desc(liveMessages.id)).limit(1))[0]
      ?.id ?? 0;

  const sessionFor = async (organizationId: number) => {
    const cached = sessions.get(organizationId);
    if (cached) return cached;
    const [user] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.organization_id, organizationId), eq(users.signup_completed, true)))
      .limit(1);
    const session = await signIn(t, user.email);
    sessions.set(organizationId, session);
    return session;
  };

  /** Reads the lead through the app and checks everything in it is about this lead. */
  const expectCoherent = async (leadId: number, after: number) => {
    const [{ organization_id, platform }] = await t.db
      .select({ organization_id: accounts.organization_id, platform: accounts.platform })
      .from(accounts)
      .innerJoin(leads, eq(accounts.id, leads.account_id))
      .where(eq(leads.id, leadId));
    const session = await sessionFor(organization_id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/leads/${leadId}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lead: LeadDetail = res.json().lead;
    expect(is(lead, LeadDetail)).toBe(true);
    const [first, last] = lead.name.split(' ');
    expect(lead.email?.toLowerCase()).toContain(first.toLowerCase());
    expect(lead.email?.toLowerCase()).toContain(last.toLowerCase());
    expect(lead.summary).toContain(lead.name);
    const created = new Date(lead.created_at);
    if (lead.type === 'Call') {
      const { details } = lead;
      expect(details.transcriptions.map((line) => line.message_text).join(' ')).toContain(
        `It's ${lead.name}`,
      );
      expect(details.call_duration).toBeGreaterThanOrEqual(60);
      const minutes = Math.max(1, Math.round((details.call_duration ?? 0) / 60));
      expect(lead.summary).toContain(`about ${minutes} minute`);
      expect(details.conversations.map((c) => c.created_at)).toEqual([lead.created_at]);
      expect(details.recording_url).toMatch(/\/recording\?/);
    } else {
      expect(lead.questions.length).toBeGreaterThan(0);
      const project = lead.questions.find((q) => q.label === 'Tell us about your project');
      // The form's own words are the issue the summary reports.
      const issue = project?.answer.label.match(/^Hi, (.+)\. Please call/)?.[1];
      expect(issue && lead.summary).toContain(issue);
    }
    // The platform decides the window: 7 days for bpr/fsr, the next Tuesday noon Eastern otherwise.
    const prefix = platform === 'bpr' || platform === 'fsr' ? platform : 'LD';
    expect(lead.ref_id.startsWith(`${prefix}-`)).toBe(true);
    const end = reviewWindowEnd(lead.ref_id, created);
    expect(lead.review_window_ends_at).toBe(end.toISOString());
    if (prefix !== 'LD') expect(end.getTime() - created.getTime()).toBe(7 * DAY_MS);
    expect(lead.can_review).toBe(true);
    // Every user of the organization hears of it on the live channel.
    const members = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.organization_id, organization_id));
    const announced = await t.db.select().from(liveMessages).where(gt(liveMessages.id, after));
    const heard = announced.filter(
      (row) =>
        row.payload.message_type === 'lead_created' && (row.payload.lead as LiveLead).lead_id === leadId,
    );
    expect(heard.map((row) => row.user_id).sort()).toEqual(members.map((m) => m.id).sort());
    for (const row of heard) expect(is(row.payload.lead, LiveLead)).toBe(true);
    return { lead, platform };
  };

  it.each([
    ['owner@demo.test', 'live'],
    ['directories@demo.test', 'bpr'],
    ['directories@demo.test', 'fsr'],
  ] as const)('makes coherent call and form leads for %s on %s', async (email, platform) => {
    const [account] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(users, eq(users.organization_id, accounts.organization_id))
      .where(and(eq(users.email, email), eq(accounts.platform, platform)))
      .limit(1);
    expect(account).toBeDefined();
    const rng = createRng(7);
    const names = new Set<string>();
    for (const lead_type of ['Call', 'Form', 'Call'] as const) {
      const after = await lastMessageId();
      const created = await arriveDemoLead(deps, rng, account.id, { lead_type });
      const { lead } = await expectCoherent(created.id, after);
      expect(lead.type).toBe(lead_type);
      names.add(lead.name);
    }
    expect(names.size).toBe(3);
  });

  it('emits a steady mix of live messages, and every simulated lead is coherent', async () => {
    const last = await lastMessageId();
    const rng = createRng(42);
    const leadIds: { id: number; before: number }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const before = await lastMessageId();
      const event = await simulateOnce(deps, rng);
      if (event?.kind === 'lead') leadIds.push({ id: event.leadId, before });
    }
    const sent = await t.db.select().from(liveMessages).where(gt(liveMessages.id, last));
    expect(sent.length).toBeGreaterThanOrEqual(20);
    const kinds = new Set(
      sent.map((row) => `${row.payload.message_type}:${String(row.payload.object ?? '')}`),
    );
    expect(kinds.has('notification:')).toBe(true);
    expect(kinds.has('lead_created:')).toBe(true);
    expect([...kinds].some((kind) => kind === 'switch_status:Invoice' || kind === 'reach_update:')).toBe(
      true,
    );
    const leadNews = sent
      .map((row) => String((row.payload.notification as { message?: string } | undefined)?.message))
      .filter((message) => message.startsWith('New '));
    expect(leadNews.length).toBe(leadIds.length);
    expect(leadIds.length).toBeGreaterThan(0);
    for (const { id, before } of leadIds) {
      const { lead } = await expectCoherent(id, before);
      expect(leadNews).toContain(
        `New ${lead.type === 'Call' ? 'call' : 'form'} lead from ${lead.name} (${
          lead.details.lead_details.find((f) => f.name === 'service')?.description
        })`,
      );
    }
  });
  it('never settles an invoice whose payment from the portal is still settling', async () => {
    let found: { organizationId: number; invoiceId: number } | null = null;
    for (const customer of await demoCustomers(t.db)) {
      const [open] = await openInvoices(t.db, customer.organizationId);
      if (open) {
        found = { organizationId: customer.organizationId, invoiceId: open.id };
        break;
      }
    }
    if (!found) throw new Error('the demo data has no open invoice');
    await t.db.insert(payments).values({ invoice_id: found.invoiceId, amount_cents: 100, status: 'pending' });
    const after = await openInvoices(t.db, found.organizationId, 1000);
    expect(after.map((invoice) => invoice.id)).not.toContain(found.invoiceId);
  });

  it('names the settled invoice in its notification, so the bell opens the invoices (not the payment methods)', async () => {
    let found: { organizationId: number; open: { id: number; name: string } } | null = null;
    for (const customer of await demoCustomers(t.db)) {
      const [open] = await openInvoices(t.db, customer.organizationId);
      if (open) {
        found = { organizationId: customer.organizationId, open };
        break;
      }
    }
    if (!found) throw new Error('the demo data has no open invoice');
    const { organizationId, open } = found;
    await settleInvoice(t.db, deps.live, organizationId, open, false);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.message, `The payment for invoice ${open.name} failed.`));
    expect(told.length).toBeGreaterThan(0);
    for (const row of told) expect(row).toMatchObject({ index: 'billing', target_id: open.id });
  });
});
