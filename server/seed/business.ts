/**
 * The demo customers' business data, generated from the seeded Rng and the seed's `today`
 * (a UTC midnight; data runs 18 months back up to and including it). Same seed + same today =>
 * the same rows: no clock, no Math.random, one forked Rng per area so adding data to one area
 * does not shift the others.
 *
 * Demo ids for the sign-up flows:
 * - legacy (marketsharp) accounts, /signup?ms_id=...: MS-1001 (Hillcrest Roofing & Exteriors),
 *   MS-1002 (Lakeside Plumbing & Drain), MS-1003 (Prairie Air Conditioning);
 * - sign-up leads (salesforce ids), /signup?lead_id=...: 00Q-DEMO-0001 (Greenway Lawn & Tree),
 *   00Q-DEMO-0002 (Apex Garage Doors), 00Q-DEMO-0003 (Brightside Solar).
 *
 * Rows go in through bulkInsert (one jsonb parameter per chunk, or a COPY in the seed worker),
 * inside one transaction (a savepoint when the caller already opened one). Tables seeded with
 * explicit ids get their sequences moved past them at the end.
 */
import { withTx } from '../db/client';
import { activities, files } from '../db/schema/activities';
import { licenses, serviceAreas } from '../db/schema/activity-records';
import { invoices, paymentMethods } from '../db/schema/billing';
import { campaignCounties, campaigns } from '../db/schema/campaigns';
import {
  accountManagers,
  banners,
  priceCategories,
  reviewTypes,
  services,
  upsells,
} from '../db/schema/catalog';
import { socialAds } from '../db/schema/facts';
import { geoCounties } from '../db/schema/geo';
import { leads } from '../db/schema/leads';
import { seoPlans } from '../db/schema/seo';
import { legacyAccounts, signupLeads } from '../db/schema/signup';
import { seedActivities } from './business/activities';
import { seedBilling } from './business/billing';
import { resetSequences } from './business/bulk';
import { seedCampaigns, seedGeo } from './business/campaigns';
import { seedCatalog, seedOrganizationCommerce } from './business/catalog';
import { seedFacts, seedRevconnect } from './business/facts';
import { seedLeads } from './business/leads';
import { seedPartners } from './business/partners';
import { seedSeo } from './business/seo';
import { seedToolbar } from './business/toolbar';
import type { SeedContext } from './types';

/** Average RevConnect sale (a roof): $11,500. */
const ROOF_TICKET_CENTS = 1_150_000;

export async function seedBusiness(ctx: SeedContext): Promise<void> {
  const { rng, today, customers } = ctx;
  await withTx(ctx.db, async (db) => {
    await seedCatalog(db, today);
    await seedGeo(db);
    await seedOrganizationCommerce(db, today, customers);
    const seeded = await seedCampaigns(db, rng.fork('campaigns'), today, customers);
    const { slots, spend, days } = await seedFacts(db, rng.fork('facts'), today, seeded);
    const totals = await seedLeads(db, rng.fork('leads'), today, slots);
    const revconnectAccounts = customers
      .filter((c) => c.key === 'franchise')
      .flatMap((c) => c.accounts.map((a) => a.id));
    await seedRevconnect(
      db,
      rng.fork('revconnect'),
      days,
      revconnectAccounts,
      totals.perDay,
      spend,
      ROOF_TICKET_CENTS,
    );
    await seedBilling(db, rng.fork('billing'), today, customers, spend, totals);
    await seedActivities(db, rng.fork('activities'), today, customers);
    await seedSeo(db, rng.fork('seo'), today, customers);
    await seedToolbar(db, today, customers);
    await seedPartners(db);
    await resetSequences(db, [
      services,
      priceCategories,
      reviewTypes,
      accountManagers,
      upsells,
      banners,
      legacyAccounts,
      signupLeads,
      geoCounties,
      campaigns,
      campaignCounties,
      socialAds,
      leads,
      paymentMethods,
      invoices,
      activities,
      files,
      licenses,
      serviceAreas,
      seoPlans,
    ]);
  });
}
