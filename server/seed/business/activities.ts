/**
 * Seeds the Activity Manager tasks, the licenses (one expired, which its renew task points at),
 * uploaded-file records, and through task-records.ts what the tasks submitted.
 *
 * File rows are metadata only (storage_key under demo/): the demo ships no uploaded bytes.
 */
import type { Db } from '../../db/client';
import { type ActivityTeamMember, activities, files } from '../../db/schema/activities';
import { licenses } from '../../db/schema/activity-records';
import type { Rng } from '../rng';
import type { DemoCustomer, DemoKey } from '../types';
import { TASKS } from './activity-plans';
import { bulkInsert } from './bulk';
import { addDays, isoDate } from './calendar';
import { ACCOUNT_MANAGERS } from './catalog-data';
import { seedRecords } from './task-records';

const TEAM: ActivityTeamMember[] = [
  { first_name: 'Sam', last_name: 'Rivera', avatar: null },
  { first_name: 'Kelly', last_name: 'Nguyen', avatar: null },
  { first_name: 'Omar', last_name: 'Haddad', avatar: null },
  { first_name: 'Beth', last_name: 'Lawson', avatar: null },
];

/** Which customers have an expired license (renew_license) and what kind. */
const LICENSES: Partial<Record<DemoKey, [string, string, string, number][]>> = {
  owner: [
    ['HVAC Contractor (TACLA)', 'TACLA00123456C', 'hvac-license.pdf', 420],
    ['Electrical Contractor', 'TECL-88321', 'electrical-license.pdf', -12],
  ],
  multi: [
    ['Master Plumber', 'MP-40918', 'plumbing-license.pdf', -2],
    ['HVAC Contractor', 'HC-22871', 'hvac-license.pdf', 300],
  ],
};

export async function seedActivities(db: Db, rng: Rng, today: Date, customers: DemoCustomer[]) {
  const rows: (typeof activities.$inferInsert)[] = [];
  const fileRows: (typeof files.$inferInsert)[] = [];
  const licenseRows: (typeof licenses.$inferInsert)[] = [];
  const file = (
    customer: DemoCustomer,
    purpose: string,
    filename: string,
    type: string,
    activityId: number | null,
  ) => {
    const id = fileRows.length + 1;
    fileRows.push({
      id,
      organization_id: customer.organization_id,
      user_id: customer.user_id,
      activity_id: activityId,
      purpose,
      filename,
      byte_size: rng.int(80, 1900) * 1024,
      content_type: type,
      checksum: null,
      signed_id: `demo-${customer.key}-${id}`,
      storage_key: `demo/${customer.key}/${filename}`,
      uploaded_at: addDays(today, -rng.int(20, 200)),
      created_at: addDays(today, -rng.int(200, 300)),
      deleted_at: null,
    });
    return id;
  };

  const taskIds = new Map<string, number>();
  const taskId = (customer: DemoCustomer, key: string) =>
    taskIds.get(`${customer.organization_id}:${key}`) ?? null;
  for (const customer of customers) {
    const manager = ACCOUNT_MANAGERS[rng.int(0, ACCOUNT_MANAGERS.length - 1)];
    const [mFirst, mLast] = manager.name.split(' ');
    // Licenses first, so renew tasks can point at the expired one.
    const expired: number[] = [];
    for (const [type, number, filename, days] of LICENSES[customer.key] ?? []) {
      const id = licenseRows.length + 1;
      licenseRows.push({
        id,
        organization_id: customer.organization_id,
        activity_id: null,
        ref_id: `LIC-${1000 + id}`,
        name: customer.key === 'owner' ? 'Maria Alvarez' : 'Sam Whitaker',
        type,
        number,
        expiration_date: isoDate(addDays(today, days)),
        view_name: `${type} - ${number}`,
        file_id: file(customer, 'license', filename, 'application/pdf', null),
        renews_id: null,
        created_at: addDays(today, -rng.int(120, 400)),
        deleted_at: null,
      });
      if (days < 0) expired.push(id);
    }

    TASKS[customer.key].forEach((task, position) => {
      const id = rows.length + 1;
      if (task.key) taskIds.set(`${customer.organization_id}:${task.key}`, id);
      const due = addDays(today, task.due);
      const team = [{ first_name: mFirst, last_name: mLast, avatar: null }, ...TEAM.slice(0, rng.int(1, 4))];
      rows.push({
        id,
        organization_id: customer.organization_id,
        account_id:
          task.key === 'lead_transfer_details' || task.key === 'create_campaign'
            ? customer.accounts[0].id
            : null,
        name: task.name,
        key: task.key,
        status: task.status,
        cta: task.cta ?? 'modal',
        index: task.index ?? null,
        action: task.action ?? null,
        ref_id: task.key === 'lead_transfer_details' ? customer.accounts[0].ref_id : null,
        object_id: task.aboutExpiredLicense ? (expired[0] ?? null) : null,
        service: task.service,
        category: task.category,
        due_date: isoDate(due),
        klass: task.klass ?? null,
        viewed: task.viewed ?? false,
        show_multiple_destination_phones: task.key === 'lead_transfer_details' && customer.key === 'multi',
        team_members: team,
        description: task.description ?? null,
        position,
        completed_at: task.status === 'completed' ? addDays(due, -rng.int(0, 5)) : null,
        created_at: addDays(today, -rng.int(150, 260)),
      });
    });
  }
  await bulkInsert(db, activities, rows);

  for (const customer of customers) {
    const verify = taskId(customer, 'verify_license');
    for (const license of licenseRows) {
      if (license.organization_id !== customer.organization_id) continue;
      license.activity_id = verify;
      fileRows[(license.file_id as number) - 1].activity_id = verify;
    }
    await seedRecords(
      db,
      rng,
      today,
      customer,
      (key) => taskId(customer, key),
      (purpose, filename, type) =>
        file(
          customer,
          purpose,
          filename,
          type,
          taskId(customer, purpose === 'brand_asset' ? 'brand_assets' : 'verify_insurance'),
        ),
    );
  }
  await bulkInsert(db, files, fileRows);
  await bulkInsert(db, licenses, licenseRows);
}
