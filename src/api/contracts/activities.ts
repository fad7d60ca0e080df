/**
 * Activity Manager contracts (spec part 2 §3, §7): the task list and its query, marking a task
 * viewed, the direct-upload presign, and the task submissions whose forms live in
 * src/widgets/task-forms. Shared by server/routes/activities*.ts, the client and the tests.
 *
 * - Limits and messages are the spec's (§5, §9), verbatim, so the client and the server refuse
 *   the same input with the same words.
 * - Files are named by the signed_id the presign answered (outbox-files.ts fills it in at send).
 */
import {
  array,
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
  type Struct,
  size,
  string,
} from 'superstruct';

export const ACTIVITY_STATUSES = ['action_required', 'completed', 'planned', 'in_progress'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const STATUS_LABELS: Record<ActivityStatus, string> = {
  action_required: 'Action Required',
  completed: 'Completed',
  planned: 'Planned',
  in_progress: 'In Progress',
};
export const ACTIVITIES_PAGE_SIZE = 10;

export const MAX_FILE_BYTES = 2 * 1024 * 1024;
export const TASK_FILE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const UPLOAD_MESSAGES = {
  type: 'File type is not supported, only images (jpeg/png) and pdf are allowed',
  size: 'File exceed the maximum file size of 2MB',
  required: 'Please upload a file',
  failed: 'Failed to upload file',
  error: 'An error occurred while uploading the file',
  checksum: 'The file does not match its checksum',
} as const;

/** An integer in a query string (digits only; anything else stays a string and is refused). */
const queryInt = <T>(struct: Struct<number, T>) =>
  coerce(struct, string(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : value));

/** A comma list of statuses (the query's `status`). */
const StatusList = refine(
  size(string(), 0, 200),
  'StatusList',
  (value) =>
    value
      .split(',')
      .filter(Boolean)
      .every((s) => (ACTIVITY_STATUSES as readonly string[]).includes(s)) || 'Unknown status',
);

/** GET /activities */
export const ActivitiesQuery = object({
  page: defaulted(queryInt(max(min(integer(), 1), 100_000)), 1),
  search: optional(size(string(), 0, 100)),
  sort_by: optional(enums(['status', 'due_date'])),
  sort_order: optional(enums(['asc', 'desc'])),
  status: optional(StatusList),
});
export type ActivitiesQuery = Infer<typeof ActivitiesQuery>;

export const TeamMember = object({ first_name: string(), last_name: string(), avatar: nullable(string()) });
export const ActivityDescription = object({
  description: string(),
  goal: string(),
  summary: string(),
  url: nullable(string()),
});

export const Activity = object({
  id: number(),
  name: string(),
  status: enums(ACTIVITY_STATUSES),
  status_lable: string(),
  team_members: array(TeamMember),
  service: nullable(string()),
  category: nullable(string()),
  due_date: nullable(string()),
  klass: nullable(enums(['danger', 'success'])),
  viewed: boolean(),
  cta: enums(['modal', 'accordion', 'go_to']),
  key: nullable(string()),
  index: nullable(string()),
  action: nullable(string()),
  ref_id: nullable(string()),
  object_id: nullable(number()),
  show_multiple_destination_phones: boolean(),
  description: nullable(ActivityDescription),
});
export type Activity = Infer<typeof Activity>;

export const ActivitiesResponse = object({
  data: array(Activity),
  total_records: number(),
  current_page: number(),
  total_pages: number(),
  showing_from: number(),
  showing_to: number(),
  /** SEO mode: the Category column shows and the account manager hides. */
  seo_mode: boolean(),
});
export type ActivitiesResponse = Infer<typeof ActivitiesResponse>;

export const ActivityResponse = object({ activity: Activity });
export const MessageResponse = object({ message: string() });

/** GET /activities/assets/presigned_url */
export const PresignQuery = object({
  filename: size(string(), 1, 255),
  checksum: refine(string(), 'Checksum', (v) => /^[A-Za-z0-9+/]{22}==$/.test(v) || 'Invalid checksum'),
  byte_size: queryInt(
    refine(integer(), 'ByteSize', (v) => (v >= 1 && v <= MAX_FILE_BYTES) || UPLOAD_MESSAGES.size),
  ),
  content_type: refine(
    string(),
    'ContentType',
    (v) => (TASK_FILE_TYPES as readonly string[]).includes(v) || UPLOAD_MESSAGES.type,
  ),
  /** What the file is for; 'upload' when not said. */
  purpose: optional(enums(['upload', 'logo', 'brand_asset', 'license', 'general_liability', 'workers_comp'])),
});
export const PresignResponse = object({
  direct_upload: object({
    url: string(),
    headers: object({ 'Content-Type': string(), 'Content-MD5': string() }),
  }),
  signed_id: string(),
  id: number(),
});

/** A file record as the task modals list it. */
export const FileRecord = object({
  id: number(),
  filename: string(),
  byte_size: number(),
  signed_id: string(),
  extention: string(),
  activity_id: nullable(number()),
});
export type FileRecord = Infer<typeof FileRecord>;

export const SignedId = size(string(), 1, 100);
/** An activity id in a body (tasks opened from the profile tab send none). */
export const ActivityRef = optional(nullable(max(min(integer(), 1), 2_147_483_647)));
