/**
 * Leads contracts (spec part 3 §3 "Lead list row", "Lead detail", §7 "Leads"): the list query and
 * its answer, one lead's detail, and the review request. Shared by server/routes/leads.ts, the
 * client and the tests.
 *
 * - Cell values are wire strings: created_at an ISO instant, cost dollars with two decimals
 *   ('125.00'), billable 'true' or 'false'. The client formats them for display.
 * - The review texts are the spec's, verbatim; the server answers them under their fields.
 */
import {
  array,
  assign,
  boolean,
  coerce,
  defaulted,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
} from 'superstruct';
import { FilterList, IsoDate } from './toolbar';
import { BasedOn, ReadVersion } from './versions';

export const LEAD_COLUMNS = [
  { name: 'name', label: 'Name' },
  { name: 'created_at', label: 'Date & Time' },
  { name: 'service', label: 'Service' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zipcode', label: 'Zip Code' },
  { name: 'cost', label: 'Cost' },
  { name: 'billable', label: 'Billable' },
  { name: 'phone_number', label: 'Phone Number' },
  { name: 'email', label: 'Email' },
  { name: 'address', label: 'Address' },
] as const;
export type LeadColumnName = (typeof LEAD_COLUMNS)[number]['name'];
export const LEAD_COLUMN_NAMES = LEAD_COLUMNS.map((c) => c.name) as LeadColumnName[];
/** Shown until the user configures the table. */
export const DEFAULT_LEAD_COLUMNS: LeadColumnName[] = [
  'name',
  'created_at',
  'service',
  'city',
  'state',
  'zipcode',
  'cost',
  'billable',
];
export const SORTABLE_LEAD_COLUMNS = [
  'name',
  'created_at',
  'service',
  'city',
  'state',
  'zipcode',
  'cost',
] as const;
export const LEADS_PAGE_SIZE = 20;

export const LeadType = enums(['Call', 'Form']);
export type LeadType = Infer<typeof LeadType>;

/** POST /leads */
export const LeadsQuery = object({
  page: defaulted(max(min(integer(), 1), 100_000), 1),
  per_page: defaulted(max(min(integer(), 1), 100), LEADS_PAGE_SIZE),
  order: defaulted(enums(['asc', 'desc']), 'desc'),
  order_by: defaulted(enums(SORTABLE_LEAD_COLUMNS), 'created_at'),
  start_date: optional(IsoDate),
  end_date: optional(IsoDate),
  query: optional(size(string(), 0, 100)),
  filters: optional(FilterList),
  /** Account (location) ref ids; none means every location of the customer. */
  location_ids: optional(size(array(size(string(), 1, 64)), 0, 500)),
  /** Narrow screens name the columns they show. */
  required_fields: optional(size(array(enums(LEAD_COLUMN_NAMES)), 1, 20)),
});
export type LeadsQuery = Infer<typeof LeadsQuery>;
export type LeadsQueryInput = Partial<LeadsQuery>;

export const LeadCell = object({
  name: string(),
  label: string(),
  value: nullable(string()),
  width: optional(nullable(number())),
});
export type LeadCell = Infer<typeof LeadCell>;

export const ReviewStatus = enums(['pending', 'approved', 'denied']);

export const LeadRow = object({
  lead_id: number(),
  lead_type: LeadType,
  ref_id: string(),
  created_at: string(),
  review_status: nullable(ReviewStatus),
  data: array(LeadCell),
});
export type LeadRow = Infer<typeof LeadRow>;

/** A statistic of the header, with the previous period of the same length for comparison. */
export const LeadStat = object({
  title: string(),
  value: number(),
  previous_value: number(),
  performance_change: number(),
});
export type LeadStat = Infer<typeof LeadStat>;

export const LeadsStatistic = object({
  total_leads: LeadStat,
  call_leads: LeadStat,
  form_leads: LeadStat,
  total_cost: LeadStat,
  avg_cpl: LeadStat,
});
export type LeadsStatistic = Infer<typeof LeadsStatistic>;

export const LeadsResponse = object({
  leads: array(LeadRow),
  leads_statistic: LeadsStatistic,
  total_pages: number(),
  current_page: number(),
  showing_from: number(),
  showing_to: number(),
  total_records: number(),
});
export type LeadsResponse = Infer<typeof LeadsResponse>;

const LabelDescription = object({ label: string(), description: string() });
export const Conversation = object({
  participant_type: string(),
  message_text: string(),
  created_at: string(),
  ref_id: string(),
  recording_url: nullable(string()),
});
export const Transcription = object({ participant_type: string(), message_text: string() });

export const LeadDetail = object({
  id: number(),
  ref_id: string(),
  name: string(),
  type: LeadType,
  created_at: string(),
  phone_number: nullable(string()),
  email: nullable(string()),
  address: nullable(string()),
  can_review: boolean(),
  review_window_ends_at: string(),
  /** The review's version (contracts/versions.ts): 0 while the lead has no review. */
  review_version: ReadVersion,
  summary: nullable(string()),
  details: object({
    lead_details: array(object({ name: string(), label: string(), description: nullable(string()) })),
    recording_url: nullable(string()),
    call_duration: nullable(number()),
    dispute_status: nullable(string()),
    conversations: array(Conversation),
    transcriptions: array(Transcription),
  }),
  questions: array(object({ label: string(), answer: object({ label: string() }) })),
  demographic: nullable(object({ owner: array(LabelDescription), property: array(LabelDescription) })),
  notes: object({
    review: nullable(
      object({
        review_type: string(),
        review_type_label: string(),
        text: string(),
        date: string(),
        status: ReviewStatus,
      }),
    ),
    response: nullable(object({ text: string(), date: string() })),
  }),
});
export type LeadDetail = Infer<typeof LeadDetail>;
export const LeadDetailResponse = object({ lead: LeadDetail });

export const REVIEW_MESSAGES = {
  typeRequired: 'Please select the reason for review.',
  noteRequired: 'Please provide a description of the issue.',
  noteTooShort: 'Note must be at least 10 characters long',
  success: 'Lead review has been requested successfully.',
} as const;
export const REVIEW_NOTE_MIN = 10;
export const REVIEW_NOTE_MAX = 2000;

const trimmedText = (limit: number, check: (value: string) => true | string) =>
  defaulted(
    coerce(refine(size(string(), 0, limit), 'Review', check), string(), (value) => value.trim()),
    '',
  );

/** Why a note is not acceptable (the form and the server say the same), or null. */
export function reviewNoteError(note: string): string | null {
  const text = note.trim();
  if (text.length === 0) return REVIEW_MESSAGES.noteRequired;
  if (text.length < REVIEW_NOTE_MIN) return REVIEW_MESSAGES.noteTooShort;
  return null;
}

/** POST /leads/{id}/review: creates the review, or edits the one there is. */
export const ReviewBody = object({
  review_type: trimmedText(64, (value) => value.length > 0 || REVIEW_MESSAGES.typeRequired),
  note: trimmedText(REVIEW_NOTE_MAX, (value) => reviewNoteError(value) ?? true),
});
export type ReviewBody = Infer<typeof ReviewBody>;
/** What the route accepts: the review and the version it was made from (0: no review yet). */
export const ReviewRequestBody = assign(ReviewBody, BasedOn);
export type ReviewRequestBody = Infer<typeof ReviewRequestBody>;
export const ReviewResponse = object({ message: string(), lead: LeadDetail });
export type ReviewResponse = Infer<typeof ReviewResponse>;

/** A new lead announced on the live channel (message_type 'lead_created'). */
export const LiveLead = object({
  lead_id: number(),
  lead_type: LeadType,
  ref_id: string(),
  created_at: string(),
  account_ref_id: string(),
});
export type LiveLead = Infer<typeof LiveLead>;
