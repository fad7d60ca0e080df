/**
 * Account settings contracts (spec part 2 §3 "Client business_profile", "Client profile", "Paid
 * media details payload", "Linked account", §5 Profile, Paid media details, Linked account
 * settings): GET/PUT /client, GET/POST /client/profile, POST /client/accounts/summary and
 * POST /client/accounts/{ref_id}/settings. Shared by server/routes/account.ts, the client and tests.
 *
 * Each form's rules are listed once here (FIELD_RULES objects of src/lib/validation rules): the
 * client's forms check them as the user types, the body structs check the same on the server.
 */
import {
  array,
  assign,
  boolean,
  coerce,
  defaulted,
  enums,
  type Infer,
  nullable,
  object,
  optional,
  refine,
  string,
} from 'superstruct';
import { check, digitsOnly, email, messages, phone, type Rule, required, url } from '../../lib/validation';
import { ActivityRef } from './activities';
import { BasedOn, ReadVersion } from './versions';

/** Time zone codes of spec part 2 §3, in the spec's order, with their labels. */
export const TIME_ZONES = [
  { code: 'et', label: 'Eastern' },
  { code: 'ct', label: 'Central' },
  { code: 'mt', label: 'Mountain' },
  { code: 'pt', label: 'Pacific' },
  { code: 'ht', label: 'Hawaii-Aleutian' },
  { code: 'at', label: 'Atlantic' },
] as const;
export const TimeZoneCode = enums(TIME_ZONES.map((zone) => zone.code));
export type TimeZoneCode = Infer<typeof TimeZoneCode>;

/** Names, titles and addresses: 150 characters (spec part 2 §9). */
export const TEXT_MAX = 150;
const tooLong =
  (max: number): Rule =>
  (value) =>
    value.trim().length > max ? `Must be at most ${max} characters` : null;

/** A text field checked by `rules`, trimmed; missing counts as empty. */
const ruled = (rules: Rule[], max = TEXT_MAX) =>
  defaulted(
    coerce(
      refine(string(), 'Field', (value) => check(value, ...rules, tooLong(max)) ?? true),
      string(),
      (value) => value.trim(),
    ),
    '',
  );
/** A phone field: digits only once coerced (formatting characters are dropped). */
const phoneField = (rules: Rule[]) =>
  defaulted(
    coerce(
      refine(string(), 'Phone', (value) => check(value, ...rules) ?? true),
      string(),
      digitsOnly,
    ),
    '',
  );

// ---- My Profile: Profile Details (GET/PUT /client) ----

export const PROFILE_RULES = {
  first_name: [required()],
  last_name: [required()],
  business_name: [required()],
  job_title: [required()],
  phone_number: [required(), phone],
  address: [required()],
} satisfies Record<string, Rule[]>;

export const ProfileBody = object({
  first_name: ruled(PROFILE_RULES.first_name),
  last_name: ruled(PROFILE_RULES.last_name),
  business_name: ruled(PROFILE_RULES.business_name),
  job_title: ruled(PROFILE_RULES.job_title),
  phone_number: phoneField(PROFILE_RULES.phone_number),
  address: ruled(PROFILE_RULES.address),
  time_zone: TimeZoneCode,
});
export type ProfileBody = Infer<typeof ProfileBody>;
/** What PUT /client accepts: Profile Details and the version they were made from. */
export const ProfileSaveBody = assign(ProfileBody, BasedOn);
export type ProfileSaveBody = Infer<typeof ProfileSaveBody>;

export const BusinessProfile = object({
  first_name: string(),
  last_name: string(),
  business_name: string(),
  email: string(),
  job_title: string(),
  phone_number: string(),
  address: string(),
  time_zone: TimeZoneCode,
  /** Profile Details' version (contracts/versions.ts). */
  version: ReadVersion,
});
export type BusinessProfile = Infer<typeof BusinessProfile>;
export const ClientResponse = object({ business_profile: BusinessProfile });
export type ClientResponse = Infer<typeof ClientResponse>;

// ---- My Profile: Paid Media / Ad Details (GET/POST /client/profile) ----

export const PAID_MEDIA_RULES = {
  website: [url],
  destination_phone: [required(), phone],
  sms_phone: [phone],
  service_area: [] as Rule[],
  email_notification: [required(), email()],
} satisfies Record<string, Rule[]>;
export const CATEGORIES_MESSAGE = messages.required;

export const PaidMediaBody = object({
  categories: refine(array(string()), 'Categories', (names) => names.length > 0 || CATEGORIES_MESSAGE),
  website: ruled(PAID_MEDIA_RULES.website, 300),
  destination_phone: phoneField(PAID_MEDIA_RULES.destination_phone),
  sms_phone: phoneField(PAID_MEDIA_RULES.sms_phone),
  service_area: ruled(PAID_MEDIA_RULES.service_area, 500),
  email_notification: ruled(PAID_MEDIA_RULES.email_notification, 254),
});
export type PaidMediaBody = Infer<typeof PaidMediaBody>;
/** What POST /client/profile accepts: the details and the version they were made from. */
export const PaidMediaSaveBody = assign(PaidMediaBody, BasedOn);
export type PaidMediaSaveBody = Infer<typeof PaidMediaSaveBody>;

export const ClientProfile = object({
  logo_url: nullable(string()),
  /** The logo's version (contracts/versions.ts): an upload or removal sends it. */
  logo_version: ReadVersion,
  /** The current package, as the customer would name it ('SEO Expand'), or null. */
  package: nullable(string()),
  categories_list: array(object({ name: string(), label: string() })),
  website: string(),
  destination_phone: string(),
  sms_phone: string(),
  service_area: string(),
  email_notification: string(),
  /** Paid Media / Ad Details' version (contracts/versions.ts). */
  version: ReadVersion,
});
export type ClientProfile = Infer<typeof ClientProfile>;
export const ClientProfileResponse = object({ profile: ClientProfile });
export type ClientProfileResponse = Infer<typeof ClientProfileResponse>;

// ---- Linked accounts (POST /client/accounts/summary, /client/accounts/{ref_id}/settings) ----

/** The lead transfer message for emails (spec part 2 §5 Lead transfer). */
export const SETTINGS_EMAIL_MESSAGE = 'Enter a valid email address';
export const SETTINGS_RULES = {
  destination_phone: [required(), phone],
  destination_phone_2: [phone],
  destination_phone_3: [phone],
  sms_phone: [phone],
  sms_phone_2: [phone],
  sms_phone_3: [phone],
  email_notification: [email(SETTINGS_EMAIL_MESSAGE)],
  email_notification_2: [email(SETTINGS_EMAIL_MESSAGE)],
  email_notification_3: [email(SETTINGS_EMAIL_MESSAGE)],
} satisfies Record<string, Rule[]>;
export type SettingsField = keyof typeof SETTINGS_RULES;
export const SETTINGS_FIELDS = Object.keys(SETTINGS_RULES) as SettingsField[];
/** Only shown (and kept) when the account allows several destinations. */
export const EXTRA_DESTINATIONS: SettingsField[] = ['destination_phone_2', 'destination_phone_3'];

const settingsEmail = (rules: Rule[]) => ruled(rules, 254);
export const AccountSettingsBody = object({
  destination_phone: phoneField(SETTINGS_RULES.destination_phone),
  destination_phone_2: optional(phoneField(SETTINGS_RULES.destination_phone_2)),
  destination_phone_3: optional(phoneField(SETTINGS_RULES.destination_phone_3)),
  sms_phone: optional(phoneField(SETTINGS_RULES.sms_phone)),
  sms_phone_2: optional(phoneField(SETTINGS_RULES.sms_phone_2)),
  sms_phone_3: optional(phoneField(SETTINGS_RULES.sms_phone_3)),
  email_notification: optional(settingsEmail(SETTINGS_RULES.email_notification)),
  email_notification_2: optional(settingsEmail(SETTINGS_RULES.email_notification_2)),
  email_notification_3: optional(settingsEmail(SETTINGS_RULES.email_notification_3)),
});
export type AccountSettingsBody = Infer<typeof AccountSettingsBody>;
/**
 * What POST /client/accounts/{ref_id}/settings accepts: the settings, plus the activity_id the
 * overview's lead_transfer_details task modal sends (that task completes with the save), and the
 * settings' version the save was made from (Account Settings sends it; contracts/versions.ts).
 */
export const AccountSettingsTaskBody = assign(
  AccountSettingsBody,
  object({ activity_id: ActivityRef }),
  BasedOn,
);
export type AccountSettingsTaskBody = Infer<typeof AccountSettingsTaskBody>;

export const AccountSettings = object(
  Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, string()])) as Record<
    SettingsField,
    ReturnType<typeof string>
  >,
);
export type AccountSettings = Infer<typeof AccountSettings>;

export const LinkedAccount = object({
  ref_id: string(),
  brand: nullable(string()),
  name: string(),
  username: nullable(string()),
  platform: string(),
  status: string(),
  has_settings: boolean(),
  show_multiple_destination_phones: boolean(),
  settings: AccountSettings,
  /** The settings' version (contracts/versions.ts). */
  settings_version: ReadVersion,
});
export type LinkedAccount = Infer<typeof LinkedAccount>;
export const AccountsSummaryResponse = object({
  can_add_account: boolean(),
  accounts: array(LinkedAccount),
});
export type AccountsSummaryResponse = Infer<typeof AccountsSummaryResponse>;
export const AccountSettingsResponse = object({ message: string(), account: LinkedAccount });
export type AccountSettingsResponse = Infer<typeof AccountSettingsResponse>;
export const RefIdParam = object({
  ref_id: refine(string(), 'RefId', (value) => /^[\w.-]{1,64}$/.test(value) || 'Not found'),
});

/** The spec's success toasts (part 2 §8), verbatim. */
export const ACCOUNT_TOASTS = {
  profile: 'Profile Details has been updated successfully.',
  paidMedia: 'Paid Media / Ad Details have been updated successfully.',
  settings: 'Settings saved successfully',
  password: 'Your password has been updated successfully.',
} as const;
