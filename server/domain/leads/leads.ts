/**
 * Leads outside the list: who the caller is to the leads tables (organization + time zone), the
 * New filter's field definitions, and creating a lead as it arrives (simulator, dev endpoint),
 * announced on the live channel.
 *
 * - createLead is the one way a lead is born after the seed: it numbers the ref_id like the seed
 *   (bpr/fsr accounts get their platform prefix, which the review window reads), fills what the
 *   caller left out from the account's latest lead (service, campaign, source), and publishes
 *   {message_type: 'lead_created', lead} to every user of the organization.
 * - It takes the lead's content (person, summary, transcript, answers) as input and never makes
 *   any up: fake content is server/demo/'s job, so domain/ imports neither seed/ nor demo/.
 * - "Now" is the server clock (lib/clock.ts), so a test that moves the clock sees new leads
 *   arrive at the moved time.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { LiveLead } from '../../../src/api/contracts/leads';
import type { FilterField } from '../../../src/api/contracts/toolbar';
import { type Db, rowsOf } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { users } from '../../db/schema/identity';
import { leadDetails, leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { now } from '../../lib/clock';
import { orgTimeZone } from '../account/org-today';
import type { LiveBus } from '../messaging/live-bus';
import type { LeadScope } from './leads-filters';

export async function scopeOf(db: Db, organizationId: number): Promise<LeadScope> {
  return { organizationId, timeZone: await orgTimeZone(db, organizationId) };
}

const EQUALS = [{ name: 'equals' as const, label: 'Equals' }];
const SERVICE_OPS = [
  { name: 'equals' as const, label: 'Equals' },
  { name: 'not_equals' as const, label: 'Does not equal' },
  { name: 'contains' as const, label: 'Contains' },
  { name: 'not_contains' as const, label: 'Does not contain' },
];

/** The New filter's fields: the operator is equals except for service (spec part 3 §5). */
export async function leadFilterFields(db: Db, organizationId: number): Promise<FilterField[]> {
  const distinct = async (column: typeof leads.service | typeof leads.state | typeof leads.source) => {
    const rows = await db
      .selectDistinct({ value: column })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(and(eq(accounts.organization_id, organizationId), sql`${column} is not null`))
      .orderBy(asc(column));
    return rows.map((r) => r.value).filter((v): v is string => Boolean(v));
  };
  const [services, states, sources, locations] = await Promise.all([
    distinct(leads.service),
    distinct(leads.state),
    distinct(leads.source),
    db
      .select({ ref_id: accounts.ref_id, name: accounts.name })
      .from(accounts)
      .where(eq(accounts.organization_id, organizationId))
      .orderBy(asc(accounts.name)),
  ]);
  const options = (values: string[]) => values.map((v) => ({ name: v, label: v }));
  return [
    { label: 'Lead Type', name: 'lead_type', op: EQUALS, values: options(['Call', 'Form']) },
    { label: 'Service', name: 'service', op: SERVICE_OPS, values: options(services) },
    {
      label: 'Billable',
      name: 'billable',
      op: EQUALS,
      values: [
        { name: 'true', label: 'Billable' },
        { name: 'false', label: 'Not billable' },
      ],
    },
    { label: 'Source', name: 'source', op: EQUALS, values: options(sources) },
    {
      label: 'Location',
      name: 'location',
      op: EQUALS,
      values: locations.map((l) => ({ name: l.ref_id, label: l.name })),
    },
    { label: 'State', name: 'state', op: EQUALS, values: options(states) },
    { label: 'City', name: 'city', op: EQUALS },
    { label: 'Zip Code', name: 'zipcode', op: EQUALS },
  ];
}

export type NewLead = {
  lead_type: 'Call' | 'Form';
  name: string;
  phone_number?: string | null;
  email?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  service?: string;
  cost_cents?: number;
  billable?: boolean;
  channel?: string;
  provider?: string;
  source?: string;
  device?: string | null;
  campaign_id?: number | null;
  created_at?: Date;
  details?: Omit<Partial<typeof leadDetails.$inferInsert>, 'lead_id'>;
};

/**
 * Where a new lead of this account comes from: the account, its latest lead (whose service,
 * campaign and source a new lead inherits) and that campaign's service category (`hvac`, ...).
 */
export async function leadOrigin(db: Db, accountId: number) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new Error(`No account ${accountId}`);
  const [row] = await db
    .select({ lead: leads, category: campaigns.service })
    .from(leads)
    .leftJoin(campaigns, eq(campaigns.id, leads.campaign_id))
    .where(eq(leads.account_id, accountId))
    .orderBy(desc(leads.created_at))
    .limit(1);
  return { account, latest: row?.lead ?? null, category: row?.category ?? null };
}

export type LeadOrigin = Awaited<ReturnType<typeof leadOrigin>>;

export async function createLead(db: Db, live: LiveBus, accountId: number, input: NewLead) {
  const { account, latest } = await leadOrigin(db, accountId);
  // The id is taken first so ref_id can carry it.
  const [next] = await rowsOf<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('leads', 'id'))::int as id`,
  );
  const id = Number(next.id);
  const prefix = account.platform === 'bpr' || account.platform === 'fsr' ? account.platform : 'LD';
  const [lead] = await db
    .insert(leads)
    .values({
      id: Number(id),
      account_id: accountId,
      campaign_id: input.campaign_id ?? latest?.campaign_id ?? null,
      ref_id: `${prefix}-${1000000 + Number(id)}`,
      lead_type: input.lead_type,
      name: input.name,
      phone_number: input.phone_number ?? null,
      email: input.email ?? null,
      address: input.address ?? null,
      city: input.city ?? latest?.city ?? account.city,
      state: input.state ?? latest?.state ?? account.state,
      zipcode: input.zipcode ?? latest?.zipcode ?? account.zipcode,
      service: input.service ?? latest?.service ?? 'General',
      cost_cents: input.cost_cents ?? latest?.cost_cents ?? 0,
      billable: input.billable ?? true,
      channel: input.channel ?? latest?.channel ?? 'Pay Per Call',
      provider: input.provider ?? latest?.provider ?? 'call_tracking',
      source: input.source ?? latest?.source ?? 'Call Tracking',
      device: input.device ?? null,
      created_at: input.created_at ?? now(),
    })
    .returning();
  await db.insert(leadDetails).values({ dispute_status: 'none', ...input.details, lead_id: lead.id });
  const announced: LiveLead = {
    lead_id: lead.id,
    lead_type: lead.lead_type === 'Form' ? 'Form' : 'Call',
    ref_id: lead.ref_id,
    created_at: lead.created_at.toISOString(),
    account_ref_id: account.ref_id,
  };
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.organization_id, account.organization_id));
  for (const member of members) {
    await live.publish(db, member.id, { message_type: 'lead_created', lead: announced });
  }
  return lead;
}
