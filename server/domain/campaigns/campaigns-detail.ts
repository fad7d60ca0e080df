/**
 * One campaign of the caller's organization: finding it (another customer's id is a 404), its
 * drawer (info, results, status, server-driven flags, the account manager for locked accounts),
 * and the refusals every write shares (locked account, disabled campaign).
 */
import { and, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, type CampaignDetail } from '../../../src/api/contracts/campaigns';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { accountManagers, organizationSettings, services } from '../../db/schema/catalog';
import { leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { notFound, unprocessable } from '../../lib/errors';
import { dollars, isLockedStatus } from './campaigns-list';

export type OwnCampaign = {
  campaign: typeof campaigns.$inferSelect;
  account: typeof accounts.$inferSelect;
};

/**
 * The campaign if it belongs to the organization, else 404. `lock` takes a row lock (writes),
 * so two changes of one campaign are applied one after the other.
 */
export async function ownCampaign(
  db: Db,
  organizationId: number,
  id: number,
  lock = false,
): Promise<OwnCampaign> {
  const query = db
    .select({ campaign: campaigns, account: accounts })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
    .where(and(eq(campaigns.id, id), eq(accounts.organization_id, organizationId)));
  const [row] = lock ? await query.for('update', { of: campaigns }) : await query;
  if (!row) throw notFound('Campaign not found');
  return row;
}

/** The {platform} (or {product}) segment of a write path must name this campaign's. */
export function checkPathSegment(own: OwnCampaign, segment: string) {
  if (segment !== own.account.platform && segment !== own.campaign.product)
    throw notFound('Campaign not found');
}

/** Refuses any change to a campaign of a locked account or one the provider disabled. */
export function assertChangeable(own: OwnCampaign) {
  if (isLockedStatus(own.account.status)) throw unprocessable(CAMPAIGN_MESSAGES.locked);
  if (own.campaign.disable) throw unprocessable('This campaign cannot be changed');
}

export async function campaignDetail(
  db: Db,
  organizationId: number,
  own: OwnCampaign,
): Promise<CampaignDetail> {
  const c = own.campaign;
  const [[result], [manager], [service]] = await Promise.all([
    db
      .select({
        calls: sql<number>`count(*) filter (where ${leads.lead_type} = 'Call')`.mapWith(Number),
        forms: sql<number>`count(*) filter (where ${leads.lead_type} = 'Form')`.mapWith(Number),
        cents: sql<number>`coalesce(sum(${leads.cost_cents}), 0)`.mapWith(Number),
      })
      .from(leads)
      .where(eq(leads.campaign_id, c.id)),
    db
      .select({
        name: accountManagers.name,
        email: accountManagers.email,
        phone: accountManagers.phone_number,
        support: organizationSettings.support_phone,
      })
      .from(organizationSettings)
      .innerJoin(accountManagers, eq(accountManagers.id, organizationSettings.account_manager_id))
      .where(eq(organizationSettings.organization_id, organizationId)),
    db.select({ label: services.label }).from(services).where(eq(services.name, c.service)),
  ]);
  const item = (name: string, label: string, value: string | null) => ({ name, label, value });
  return {
    id: c.id,
    ref_id: c.ref_id,
    name: c.name,
    platform: own.account.platform,
    product: c.product,
    campaign_info: {
      label: 'Campaign Info',
      value: [
        item('name', 'Name', c.name),
        item('product_name', 'Product', c.product_name),
        item('account', 'Account', own.account.name),
        item('service', 'Service', service?.label ?? c.service),
        item('start_date', 'Start Date', c.start_date),
        item('spend_limit', 'Spend Limit', dollars(c.spend_limit_cents)),
      ],
    },
    campaign_result: {
      label: 'Results (all time)',
      value: [
        item('total_leads', 'Total Leads', String(result.calls + result.forms)),
        item('call_leads', 'Call Leads', String(result.calls)),
        item('form_leads', 'Form Leads', String(result.forms)),
        item('total_cost', 'Total Cost', dollars(result.cents)),
      ],
    },
    campaign_status: {
      label: 'Status',
      value: c.status === 'paused' ? 'paused' : 'active',
      placeholder: c.pending ? CAMPAIGN_MESSAGES.pending : null,
      pending: c.pending,
      disable: c.disable,
      version: c.status_version,
    },
    trigger_status: c.trigger_status,
    trigger_location_status: c.trigger_location_status,
    is_locked: isLockedStatus(own.account.status),
    show_locations_tab: c.show_locations_tab,
    show_schedule: c.show_schedule,
    search_location: c.search_location,
    account_manager: manager
      ? { name: manager.name, email: manager.email, phone_number: manager.phone ?? manager.support ?? null }
      : null,
  };
}
