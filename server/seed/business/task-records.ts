/**
 * What completed (or half-done) tasks submitted, per demo customer: company, service and
 * business details, insurance, brand-asset choice, paid media details, service areas and the
 * quarter's SEO content plan awaiting approval.
 */
import type { Db } from '../../db/client';
import {
  brandAssetSettings,
  businessDetails,
  companyDetails,
  insurances,
  paidMediaDetails,
  seoContentItems,
  serviceAreas,
  serviceAreaZipcodes,
  serviceDetails,
} from '../../db/schema/activity-records';
import type { Rng } from '../rng';
import type { DemoCustomer } from '../types';
import { bulkInsert } from './bulk';
import { addDays, addMonths, isoDate, quarterOf, WEEKDAYS } from './calendar';
import { cityForZip } from './geo-data';

export type FileMaker = (purpose: string, filename: string, type: string) => number;

export async function seedRecords(
  db: Db,
  rng: Rng,
  today: Date,
  customer: DemoCustomer,
  taskId: (key: string) => number | null,
  file: FileMaker,
) {
  const org = customer.organization_id;
  const city = cityForZip(customer.accounts[0]?.zipcode ?? null);
  const key = customer.key;
  if (key === 'socius') return;
  const hours = WEEKDAYS.map((day, i) => ({
    day,
    is_opened: i < 6,
    is_24_hours: false,
    from: i < 5 ? '07:00AM' : i === 5 ? '08:00AM' : null,
    to: i < 5 ? '06:00PM' : i === 5 ? '01:00PM' : null,
  }));
  const step = { owner: 4, franchise: 2, direct: 1, directories: 0, socius: 0, multi: 4 }[key];
  if (step > 0) {
    await bulkInsert(db, companyDetails, [
      {
        organization_id: org,
        activity_id: taskId('company_details'),
        company_quote: 'We treat every home like our own and stand behind every job we do.',
        first_name: key === 'owner' ? 'Maria' : 'Sam',
        last_name: key === 'owner' ? 'Alvarez' : 'Whitaker',
        title: 'Owner',
        business_address: `1200 Commerce Dr, ${city.city}, ${city.state} ${city.zipcode}`,
        founder: step >= 2 ? (key === 'owner' ? 'Maria Alvarez' : 'Derek Hollis') : null,
        established_year: step >= 2 ? rng.int(1985, 2016) : null,
        owned: step >= 2 ? (key === 'franchise' ? ['national_franchise'] : ['local', 'family_owned']) : [],
        other_owned: null,
        operations_hours: step >= 3 ? hours : [],
        emp_distinctions:
          step >= 4
            ? ['drive_marked_vehicles', 'wear_shoe_covers', 'wear_uniforms', 'are_background_checked']
            : [],
        completed_step: step,
        updated_at: addDays(today, -rng.int(30, 120)),
      },
    ]);
  }
  if (key === 'owner' || key === 'multi') {
    await bulkInsert(db, serviceDetails, [
      {
        organization_id: org,
        activity_id: taskId('service_details'),
        product: 'Pay Per Call',
        job_requirement: 'Residential homeowners within our service area; no mobile homes.',
        estimate_fee: 'some',
        estimate_fee_detail:
          'Free estimates on replacements; $89 diagnostic fee on repairs, waived if we do the work.',
        services_offered:
          'AC repair, furnace repair, heat pumps, new system installation, maintenance plans, duct cleaning.',
        services_not_offered: 'Commercial rooftop units, boilers, pool heaters.',
        updated_at: addDays(today, -rng.int(30, 120)),
      },
    ]);
    await bulkInsert(db, insurances, [
      {
        organization_id: org,
        activity_id: taskId('verify_insurance'),
        license_required: true,
        general_expiration_date: isoDate(addDays(today, key === 'owner' ? -6 : 210)),
        workers_compensation: true,
        workers_comp_expiration_date: isoDate(addDays(today, key === 'owner' ? 35 : 180)),
        updated_at: addDays(today, -rng.int(60, 200)),
      },
    ]);
    file('general_liability', 'general-liability-certificate.pdf', 'application/pdf');
    file('workers_comp', 'workers-comp-policy.pdf', 'application/pdf');
  }
  if (key === 'owner' || key === 'franchise') {
    await bulkInsert(db, brandAssetSettings, [
      { organization_id: org, use_stock: false, updated_at: addDays(today, -rng.int(10, 60)) },
    ]);
    file('brand_asset', 'brand-guidelines.pdf', 'application/pdf');
    file('brand_asset', 'team-photo.jpg', 'image/jpeg');
  }
  if (key === 'directories' || key === 'owner') {
    await bulkInsert(db, businessDetails, [
      {
        organization_id: org,
        activity_id: taskId('business_details'),
        special_offers: key === 'owner' ? '' : '10% off mold remediation for first-time customers.',
        guarantees: key === 'owner' ? '' : 'Dry in 72 hours or the drying equipment is free.',
        accolades: key === 'owner' ? '' : 'IICRC certified firm; A+ BBB rating.',
        updated_at: addDays(today, -rng.int(10, 60)),
      },
    ]);
  }
  await bulkInsert(db, paidMediaDetails, [
    {
      organization_id: org,
      destination_phone: `${city.areaCode}5550${rng.int(100, 199)}`,
      sms_phone: `${city.areaCode}5550${rng.int(100, 199)}`,
      service_area: `Greater ${city.city}`,
      email_notification: customer.email,
      updated_at: addDays(today, -rng.int(10, 90)),
    },
  ]);
  if (key === 'owner' || key === 'direct' || key === 'multi') {
    const areaId = { owner: 1, direct: 2, multi: 3 }[key];
    await bulkInsert(db, serviceAreas, [
      {
        id: areaId,
        organization_id: org,
        title: `Greater ${city.city}`,
        updated_at: addDays(today, -rng.int(30, 100)),
      },
    ]);
    const zips = city.counties.flatMap((c, i) =>
      c.zips.map(([zipcode]) => ({ service_area_id: areaId, zipcode, selected: i === 0 || rng.chance(0.5) })),
    );
    await bulkInsert(db, serviceAreaZipcodes, zips);
  }
  if (key === 'owner') {
    const quarter = quarterOf(today);
    const topics = [
      '5 signs your AC needs repair before summer',
      'Heat pump or furnace: what fits an Austin home?',
      'How a maintenance plan lowers your energy bill',
    ];
    await bulkInsert(
      db,
      seoContentItems,
      topics.map((topic, i) => ({
        organization_id: org,
        activity_id: taskId('seo_content'),
        month: isoDate(addMonths(quarter.start, i)).slice(0, 7),
        data: `<h3>Blog post: ${topic}</h3><p>A 1,200-word article targeting homeowners in ${city.city}, with a call to action to book a visit.</p><ul><li>Primary keyword: ${topic.toLowerCase().split(' ').slice(0, 3).join(' ')}</li><li>Internal links to the service pages</li></ul>`,
        status: 'pending',
        decided_at: null,
      })),
    );
  }
}
