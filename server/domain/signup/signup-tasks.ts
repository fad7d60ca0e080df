/**
 * A new customer's first run: when sign-up completes, the organization gets its onboarding
 * checklist in the Activity Manager (spec part 2 task keys) and an account manager, so the
 * Overview is never an empty page that leads nowhere.
 *
 * - The checklist holds the tasks that apply: logo, business details, service area, payment
 *   method, a license where a category is licensed work, insurance where it is on-site work, and
 *   lead transfer details once the organization has a linked account to send leads to (the
 *   legacy flow has one at sign-up; a standard sign-up gets the task when its first account is
 *   linked, addLeadTransferTask).
 * - What sign-up already collected is shown done (a payment method added in the legacy flow, its
 *   lead transfer numbers): the list says what is left, not what was asked.
 * - Safe to repeat: the organization row is locked and a key the organization already has a task
 *   of is never added again, so a retried or concurrent completion adds each task once.
 * - The manager is the one with the fewest customers (ties: the first); with no managers on file
 *   the organization has none and the Overview says how to reach support instead.
 */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ActivityTeamMember, activities } from '../../db/schema/activities';
import { paymentMethods } from '../../db/schema/billing';
import { accountManagers, organizationSettings, services } from '../../db/schema/catalog';
import { organizations } from '../../db/schema/identity';
import { accounts } from '../../db/schema/shell';
import { now as clockNow } from '../../lib/clock';
import { orgToday } from '../account/org-today';

/** Categories whose work needs a state or local trade license. */
const LICENSED = new Set([
  'roofing',
  'plumbing',
  'hvac',
  'electrical',
  'water_heater',
  'sewer_drain',
  'solar',
  'pest_control',
  'mold_remediation',
  'water_damage',
  'fire',
  'foundation_repair',
  'kitchen_remodeling',
  'bathroom_remodeling',
]);

type Account = typeof accounts.$inferSelect;

export type OnboardingTask = {
  key: string;
  name: string;
  service: string;
  category: string;
  /** Days from today. */
  due: number;
  done: boolean;
  account: Account | null;
};

export type OnboardingFacts = {
  /** Category names (services.name) with their labels. */
  categories: { name: string; label: string }[];
  hasLogo: boolean;
  hasPaymentMethod: boolean;
  account: Account | null;
};

const licenseName = (labels: string[]) =>
  labels.length === 1
    ? `Verify your ${labels[0]} license`
    : `Verify your trade licenses (${labels.join(', ')})`;

/** The checklist for what the organization is (pure: tested without a database). */
export function onboardingPlan(facts: OnboardingFacts): OnboardingTask[] {
  const task = (
    key: string,
    name: string,
    service: string,
    category: string,
    due: number,
    done = false,
    account: Account | null = null,
  ): OnboardingTask => ({ key, name, service, category, due, done, account });
  const plan: OnboardingTask[] = [];
  if (facts.account)
    plan.push(
      task(
        'lead_transfer_details',
        'Set where your leads are sent',
        'Onboarding',
        'Setup',
        2,
        Boolean(facts.account.settings.destination_phone),
        facts.account,
      ),
    );
  plan.push(
    task('service_areas', 'Confirm your service area', 'Onboarding', 'Local', 3),
    task('payment_methods', 'Add a payment method', 'Billing', 'Billing', 3, facts.hasPaymentMethod),
    task('upload_logo', 'Upload your company logo', 'Onboarding', 'Setup', 7, facts.hasLogo),
    task('business_details', 'Tell customers what makes you stand out', 'Onboarding', 'Content', 10),
  );
  const licensed = facts.categories.filter((c) => LICENSED.has(c.name)).map((c) => c.label);
  if (licensed.length)
    plan.push(task('verify_license', licenseName(licensed), 'Compliance', 'Compliance', 14));
  // Every category in the catalogue is work at the customer's property: liability insurance applies.
  if (facts.categories.length)
    plan.push(task('verify_insurance', 'Verify your insurance', 'Compliance', 'Compliance', 14));
  return plan;
}

/** `days` after `day` (YYYY-MM-DD), calendar days. */
const isoDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The organization's manager as a team member of its tasks (the demo data's habit). */
async function managerMember(tx: Db, organizationId: number): Promise<ActivityTeamMember[]> {
  const [row] = await tx
    .select({ name: accountManagers.name, avatar: accountManagers.avatar })
    .from(organizationSettings)
    .innerJoin(accountManagers, eq(accountManagers.id, organizationSettings.account_manager_id))
    .where(eq(organizationSettings.organization_id, organizationId));
  if (!row) return [];
  const [first, ...rest] = row.name.split(' ');
  return [{ first_name: first, last_name: rest.join(' '), avatar: row.avatar }];
}

async function insertTasks(tx: Db, organizationId: number, plan: OnboardingTask[]): Promise<number> {
  if (plan.length === 0) return 0;
  const today = clockNow();
  // Due dates count from the customer's today, not UTC's (an evening sign-up in the US is already
  // tomorrow in UTC).
  const day = await orgToday(tx, organizationId, today);
  const [top] = await tx
    .select({ position: sql<number>`coalesce(max(${activities.position}), 0)` })
    .from(activities)
    .where(eq(activities.organization_id, organizationId));
  const start = Number(top?.position ?? 0);
  const team = await managerMember(tx, organizationId);
  await tx.insert(activities).values(
    plan.map((t, i) => ({
      organization_id: organizationId,
      account_id: t.account?.id ?? null,
      ref_id: t.account?.ref_id ?? null,
      show_multiple_destination_phones: t.account?.show_multiple_destination_phones ?? false,
      name: t.name,
      key: t.key,
      status: t.done ? 'completed' : 'action_required',
      klass: t.done ? 'success' : null,
      viewed: t.done,
      cta: 'modal',
      service: t.service,
      category: t.category,
      due_date: isoDay(day, t.due),
      team_members: team,
      position: start + i + 1,
      completed_at: t.done ? today : null,
    })),
  );
  return plan.length;
}

/** Locks the organization (one checklist writer at a time) and answers the task keys it has. */
async function lockedKeys(tx: Db, organizationId: number): Promise<Set<string>> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  const rows = await tx
    .select({ key: activities.key, ref: activities.ref_id })
    .from(activities)
    .where(eq(activities.organization_id, organizationId));
  return new Set(rows.flatMap((r) => (r.key ? [r.key, `${r.key}:${r.ref ?? ''}`] : [])));
}

/** Adds the onboarding tasks the organization does not have yet; answers how many were added. */
export async function addOnboardingTasks(tx: Db, organizationId: number): Promise<number> {
  const have = await lockedKeys(tx, organizationId);
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) return 0;
  const labels = await tx.select({ name: services.name, label: services.label }).from(services);
  const [account] = await tx
    .select()
    .from(accounts)
    .where(eq(accounts.organization_id, organizationId))
    .orderBy(asc(accounts.id))
    .limit(1);
  const [{ methods }] = await tx
    .select({ methods: count() })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organization_id, organizationId), isNull(paymentMethods.deleted_at)));
  const plan = onboardingPlan({
    categories: org.categories.flatMap((name) => labels.filter((l) => l.name === name)),
    hasLogo: Boolean(org.logo_url),
    hasPaymentMethod: Number(methods) > 0,
    account: account ?? null,
  });
  return insertTasks(
    tx,
    organizationId,
    plan.filter((t) => !have.has(t.key)),
  );
}

/** A newly linked account's lead transfer task, unless the organization has one for it. */
export async function addLeadTransferTask(tx: Db, organizationId: number, account: Account) {
  const have = await lockedKeys(tx, organizationId);
  if (have.has(`lead_transfer_details:${account.ref_id}`)) return 0;
  const name = `Set where leads for ${account.name} are sent`;
  return insertTasks(tx, organizationId, [
    {
      key: 'lead_transfer_details',
      name,
      service: 'Onboarding',
      category: 'Setup',
      due: 2,
      done: Boolean(account.settings.destination_phone),
      account,
    },
  ]);
}

/**
 * Gives the organization an account manager unless it has one: the manager with the fewest
 * customers. Answers the manager's id, or null when there is nobody to assign.
 */
export async function assignAccountManager(tx: Db, organizationId: number): Promise<number | null> {
  const [settings] = await tx
    .select({ manager: organizationSettings.account_manager_id })
    .from(organizationSettings)
    .where(eq(organizationSettings.organization_id, organizationId));
  if (settings?.manager) return settings.manager;
  const load = sql<number>`(select count(*) from ${organizationSettings} where ${organizationSettings.account_manager_id} = ${accountManagers.id})`;
  const [pick] = await tx
    .select({ id: accountManagers.id })
    .from(accountManagers)
    .orderBy(asc(load), asc(accountManagers.id))
    .limit(1);
  if (!pick) return null;
  await tx
    .insert(organizationSettings)
    .values({ organization_id: organizationId, account_manager_id: pick.id })
    .onConflictDoUpdate({
      target: organizationSettings.organization_id,
      set: { account_manager_id: pick.id },
    });
  return pick.id;
}
