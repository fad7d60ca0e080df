/**
 * The Activity Manager tasks each demo customer gets. The owner has one task of every modal key
 * plus accordion and go_to tasks; the others get smaller mixes. `due` is days from today.
 */
import type { ActivityDescription } from '../../db/schema/activities';
import type { DemoKey } from '../types';

export type TaskSpec = {
  key: string | null;
  name: string;
  status: 'action_required' | 'completed' | 'planned' | 'in_progress';
  due: number;
  cta?: 'modal' | 'accordion' | 'go_to';
  service: string;
  category: string;
  klass?: 'danger' | 'success';
  viewed?: boolean;
  index?: string;
  action?: string;
  description?: ActivityDescription;
  /** The task is about this license (renew_license). */
  aboutExpiredLicense?: boolean;
};

const t = (
  key: string,
  name: string,
  status: TaskSpec['status'],
  due: number,
  service: string,
  category: string,
  extra: Partial<TaskSpec> = {},
): TaskSpec => ({
  key,
  name,
  status,
  due,
  service,
  category,
  ...extra,
});

const GBP: ActivityDescription = {
  description:
    'We are optimizing your Google Business Profile: categories, services, photos and weekly posts.',
  goal: 'Show up in the local map pack for your main services in your service area.',
  summary:
    'Categories and services updated; 12 new photos uploaded; weekly posts scheduled through the end of the quarter.',
  url: 'https://business.google.com/',
};

const REVIEW_CALL: ActivityDescription = {
  description: 'Your strategist reviews last month’s rankings, traffic and leads with you.',
  goal: 'Agree on next month’s priorities for content and local SEO.',
  summary: 'Organic leads up 14% month over month; two new pages ranking on page one.',
  url: null,
};

const OWNER: TaskSpec[] = [
  t('company_details', 'Complete your company profile', 'completed', -120, 'Onboarding', 'Setup', {
    klass: 'success',
    viewed: true,
  }),
  t('service_details', 'Describe the services you offer', 'completed', -110, 'Onboarding', 'Setup', {
    klass: 'success',
    viewed: true,
  }),
  t(
    'business_details',
    'Tell customers what makes you stand out',
    'action_required',
    7,
    'Onboarding',
    'Content',
  ),
  t('upload_logo', 'Upload your company logo', 'action_required', 5, 'Onboarding', 'Setup'),
  t('brand_assets', 'Upload your brand assets', 'in_progress', 12, 'Onboarding', 'Content', { viewed: true }),
  t('payment_methods', 'Add a backup payment method', 'completed', -90, 'Billing', 'Setup', {
    klass: 'success',
    viewed: true,
  }),
  t('service_areas', 'Confirm your service area', 'completed', -100, 'Pay Per Call', 'Local', {
    viewed: true,
  }),
  t('verify_license', 'Verify your HVAC contractor license', 'completed', -95, 'Compliance', 'Compliance', {
    viewed: true,
  }),
  t(
    'renew_license',
    'Renew your electrical contractor license',
    'action_required',
    -3,
    'Compliance',
    'Compliance',
    { klass: 'danger', aboutExpiredLicense: true },
  ),
  t('verify_insurance', 'Verify your insurance', 'completed', -95, 'Compliance', 'Compliance', {
    viewed: true,
  }),
  t(
    'renew_general_insurance',
    'Renew your general liability insurance',
    'action_required',
    -1,
    'Compliance',
    'Compliance',
    { klass: 'danger' },
  ),
  t(
    'renew_workers_comp_insurance',
    'Renew your workers’ compensation insurance',
    'planned',
    35,
    'Compliance',
    'Compliance',
  ),
  t('create_campaign', 'Launch a water heater campaign', 'planned', 21, 'Pay Per Call', 'Setup'),
  t('seo_content', 'Approve your quarterly content plan', 'action_required', 3, 'SEO', 'Content'),
  t('lead_transfer_details', 'Set where your leads are sent', 'action_required', 2, 'Pay Per Call', 'Setup'),
  {
    key: null,
    name: 'Google Business Profile optimization',
    status: 'in_progress',
    due: 14,
    cta: 'accordion',
    service: 'SEO',
    category: 'Local',
    description: GBP,
    viewed: true,
  },
  {
    key: null,
    name: 'Monthly SEO review call',
    status: 'completed',
    due: -9,
    cta: 'accordion',
    service: 'SEO',
    category: 'Reporting',
    klass: 'success',
    description: REVIEW_CALL,
    viewed: true,
  },
  {
    key: null,
    name: 'Review your latest invoice',
    status: 'action_required',
    due: 10,
    cta: 'go_to',
    service: 'Billing',
    category: 'Billing',
    index: 'billing',
    action: 'invoices',
  },
  {
    key: null,
    name: 'Check your campaign schedules',
    status: 'planned',
    due: 28,
    cta: 'go_to',
    service: 'Pay Per Call',
    category: 'Setup',
    index: 'campaigns',
    action: 'campaigns',
  },
];

export const TASKS: Record<DemoKey, TaskSpec[]> = {
  owner: OWNER,
  franchise: [
    t('company_details', 'Complete your company profile', 'in_progress', 6, 'Onboarding', 'Setup', {
      viewed: true,
    }),
    t(
      'verify_insurance',
      'Verify your insurance for all locations',
      'action_required',
      4,
      'Compliance',
      'Compliance',
      { klass: 'danger' },
    ),
    t('lead_transfer_details', 'Set lead transfer numbers', 'action_required', 9, 'Paid Media', 'Setup'),
    t('brand_assets', 'Upload franchise brand guidelines', 'completed', -60, 'Onboarding', 'Content', {
      klass: 'success',
      viewed: true,
    }),
    t('payment_methods', 'Add a payment method', 'completed', -200, 'Billing', 'Setup', { viewed: true }),
    t('service_details', 'Describe the services you offer', 'planned', 30, 'Onboarding', 'Setup'),
    {
      key: null,
      name: 'Review location performance',
      status: 'planned',
      due: 15,
      cta: 'go_to',
      service: 'Paid Media',
      category: 'Reporting',
      index: 'performance',
      action: 'summary',
    },
  ],
  direct: [
    t('company_details', 'Complete your company profile', 'action_required', 3, 'Onboarding', 'Setup'),
    t('service_details', 'Describe the services you offer', 'action_required', 8, 'Onboarding', 'Setup'),
    t('service_areas', 'Confirm your service area', 'completed', -40, 'Paid Media', 'Local', {
      viewed: true,
    }),
    t('upload_logo', 'Upload your company logo', 'completed', -45, 'Onboarding', 'Setup', {
      klass: 'success',
      viewed: true,
    }),
    t('verify_license', 'Verify your plumbing license', 'planned', 20, 'Compliance', 'Compliance'),
  ],
  directories: [
    t('verify_license', 'Verify your restoration license', 'action_required', 5, 'Compliance', 'Compliance', {
      klass: 'danger',
    }),
    t('upload_logo', 'Upload your logo for the guidebook', 'action_required', 10, 'Directories', 'Content'),
    t(
      'business_details',
      'Tell customers what makes you stand out',
      'completed',
      -30,
      'Directories',
      'Content',
      { viewed: true },
    ),
    t('payment_methods', 'Update your expired card', 'action_required', 2, 'Billing', 'Billing', {
      klass: 'danger',
    }),
    t('brand_assets', 'Upload photos for your listing', 'planned', 25, 'Directories', 'Content'),
    {
      key: null,
      name: 'Pay your BPR Reports invoice',
      status: 'action_required',
      due: 6,
      cta: 'go_to',
      service: 'Billing',
      category: 'Billing',
      index: 'billing',
      action: 'invoices',
    },
  ],
  socius: [],
  multi: [
    t(
      'lead_transfer_details',
      'Set lead transfer numbers for each account',
      'action_required',
      4,
      'Pay Per Call',
      'Setup',
    ),
    t('create_campaign', 'Create an electrical campaign', 'planned', 18, 'Pay Per Call', 'Setup'),
    t('renew_license', 'Renew your plumbing license', 'action_required', 0, 'Compliance', 'Compliance', {
      klass: 'danger',
      aboutExpiredLicense: true,
    }),
    t('verify_insurance', 'Verify your insurance', 'completed', -70, 'Compliance', 'Compliance', {
      klass: 'success',
      viewed: true,
    }),
    t('company_details', 'Complete your company profile', 'completed', -150, 'Onboarding', 'Setup', {
      viewed: true,
    }),
    t('service_areas', 'Confirm your service areas', 'in_progress', 9, 'Pay Per Call', 'Local', {
      viewed: true,
    }),
  ],
};
