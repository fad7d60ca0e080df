/**
 * Which tasks open a modal (spec part 2 §2), apart from the modals themselves: the task list
 * needs to know what is clickable on its first paint, and the forms behind the modals
 * (task-modal.tsx, every task form) load only when the screen is idle or a task is opened.
 * task-modal.tsx has exactly one entry per key here (its record is typed by this list).
 */
export const TASK_MODAL_KEYS = [
  'upload_logo',
  'brand_assets',
  'verify_license',
  'renew_license',
  'verify_insurance',
  'renew_general_insurance',
  'renew_workers_comp_insurance',
  'business_details',
  'company_details',
  'service_details',
  'lead_transfer_details',
  'payment_methods',
  'service_areas',
  'seo_content',
] as const;

export type TaskModalKey = (typeof TASK_MODAL_KEYS)[number];

const OPENS_A_MODAL = new Set<string>([...TASK_MODAL_KEYS, 'create_campaign']);

/** Whether a task opens a modal: a key listed here, or create_campaign (the campaigns' own modal). */
export const hasTaskModal = (key: string | null) => key !== null && OPENS_A_MODAL.has(key);
