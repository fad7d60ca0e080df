/**
 * Sign-up contracts (spec part 1 §3, §5, §7): the request and answer shapes of every sign-up
 * call, and the field rules of every step, shared by the wizard and the server so both refuse
 * exactly the same input with exactly the spec's messages.
 *
 * - Request structs only shape the body (missing strings become ''); `stepErrors` then applies the
 *   rules of §5 per flow: one message per field, the first rule that fails.
 * - Categories travel as service names (`services.name`), never labels.
 */
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  nullable,
  number,
  object,
  optional,
  string,
} from 'superstruct';
import { email, matches, messages, password, phone, type Rule, required, url } from '../../lib/validation';
import type { FieldErrors } from '../errors';
import { BusinessProfile, SessionUser } from './session';

const Text = defaulted(string(), '');
const Names = defaulted(array(string()), []);

export const PACKAGE_REQUIRED = '*Select at least one package';
export const EMAIL_TAKEN = 'This email has already been taken';
export const SIGNUP_COMPLETED = 'Sign-up already completed';
/**
 * The header the custom (lead) flow's calls carry (spec part 1 §6 "API token"). A sign-up link's
 * page sends its link's pass there (the legacy flow's too): no token ships in the client.
 */
export const API_TOKEN_HEADER = 'X-Api-Token';
/** A sign-up link's pass: its id (ms_id or lead id) and its key (the link's `key` query). */
export const signupPass = (id: string, key: string | null | undefined) => `${id.trim()}:${key?.trim() ?? ''}`;

/** The steps that post, each with its own rule set. */
export type StepForm =
  | 'standard-account'
  | 'legacy-account'
  | 'custom-account'
  | 'standard-business'
  | 'legacy-business'
  | 'custom-business'
  | 'package';

type FieldRule = (value: string, values: Record<string, unknown>) => string | null;
const R = required();
const plain = (...rules: Rule[]): FieldRule[] => rules.map((rule) => (value: string) => rule(value));
const confirm: FieldRule = (value, values) => matches(() => String(values.password ?? ''))(value) ?? null;
/** The address autocomplete's own message has no asterisk (spec part 1 §5). */
const address = plain(required(messages.addressRequired));
const atLeastOne = 'categories';

const account: Record<string, FieldRule[]> = {
  first_name: plain(R),
  last_name: plain(R),
  business_name: plain(R),
  job_title: plain(R),
  phone_number: plain(R, phone),
  email: plain(R, email()),
  password: plain(R, password),
  confirm_password: [...plain(R), confirm],
};

const { business_name: _b, job_title: _j, ...customAccount } = account;

/** Field -> rules per step; `categories` (a list) means "at least one". */
export const STEP_RULES: Record<StepForm, Record<string, FieldRule[]>> = {
  'standard-account': account,
  'legacy-account': account,
  'custom-account': { ...customAccount, address },
  'standard-business': { name: plain(R), website: plain(url) },
  'legacy-business': {
    name: plain(R),
    [atLeastOne]: [],
    address,
    website: plain(url),
    call_transfer_phone_number: plain(R, phone),
    email_notification: plain(R, email()),
    sms_notification: plain(phone),
  },
  'custom-business': {
    [atLeastOne]: [],
    address,
    name: plain(R),
    first_name: plain(R),
    last_name: plain(R),
    phone_number: plain(R, phone),
    email: plain(R, email()),
  },
  package: { package: [(value) => (value.trim() === '' ? PACKAGE_REQUIRED : null)] },
};

/** The message for one field of a step, or null. */
export function fieldError(step: StepForm, field: string, values: Record<string, unknown>): string | null {
  const rules = STEP_RULES[step][field];
  if (!rules) return null;
  const value = values[field];
  if (field === atLeastOne) return Array.isArray(value) && value.length > 0 ? null : messages.required;
  const text = typeof value === 'string' ? value : '';
  for (const rule of rules) {
    const message = rule(text, values);
    if (message) return message;
  }
  return null;
}

/** Every field message of a step (server 422 shape), or null when the step is valid. */
export function stepErrors(step: StepForm, values: Record<string, unknown>): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const field of Object.keys(STEP_RULES[step])) {
    const message = fieldError(step, field, values);
    if (message) errors[field] = [message];
  }
  return Object.keys(errors).length ? errors : null;
}

// Requests

export const RegisterBody = object({
  first_name: Text,
  last_name: Text,
  business_name: Text,
  job_title: Text,
  phone_number: Text,
  email: Text,
  password: Text,
  confirm_password: Text,
  /** The pay-per-call flavour marks its sign-ups. */
  product: optional(nullable(enums(['pay_per_call']))),
});
export type RegisterBody = Infer<typeof RegisterBody>;

export const LegacyRegisterBody = object({ ...RegisterBody.schema, ms_id: Text });
export type LegacyRegisterBody = Infer<typeof LegacyRegisterBody>;

export const AccountUpdateBody = object({
  name: Text,
  categories: Names,
  address: Text,
  website: Text,
  /** Adding a linked account from Linked Accounts: a new account instead of the organization. */
  add_account: defaulted(boolean(), false),
});
export type AccountUpdateBody = Infer<typeof AccountUpdateBody>;

export const SignupPlatform = enums(['live', 'direct']);
export const LegacyAccountBody = object({
  name: Text,
  categories: Names,
  address: Text,
  website: Text,
  platform: defaulted(SignupPlatform, 'live'),
  call_transfer_phone_number: Text,
  email_notification: Text,
  sms_notification: Text,
  ms_id: optional(nullable(string())),
});
export type LegacyAccountBody = Infer<typeof LegacyAccountBody>;

export const PackageBody = object({ package: Text, ms_id: optional(nullable(string())) });
export type PackageBody = Infer<typeof PackageBody>;

export const CustomFirstStepBody = object({
  first_name: Text,
  last_name: Text,
  address: Text,
  phone_number: Text,
  email: Text,
  password: Text,
  confirm_password: Text,
  salesforce_id: Text,
});
export type CustomFirstStepBody = Infer<typeof CustomFirstStepBody>;

export const CustomSecondStepBody = object({
  categories: Names,
  address: Text,
  name: Text,
  first_name: Text,
  last_name: Text,
  phone_number: Text,
  email: Text,
  salesforce_id: Text,
});
export type CustomSecondStepBody = Infer<typeof CustomSecondStepBody>;

export const UserDataQuery = object({ salesforce_id: string() });

// Answers

export const OrgRef = object({ id: number(), name: string() });

export const RegisterResponse = object({
  token: string(),
  user_id: number(),
  user: SessionUser,
  business_profile: nullable(BusinessProfile),
  lead_id: nullable(string()),
  org: OrgRef,
  is_user_new_account: boolean(),
});
export type RegisterResponse = Infer<typeof RegisterResponse>;

export const VerifyResponse = object({ org: OrgRef, is_user_new_account: boolean() });
export type VerifyResponse = Infer<typeof VerifyResponse>;

export const LinkedAccount = object({
  ref_id: string(),
  platform: string(),
  brand: nullable(string()),
  name: string(),
  username: nullable(string()),
  status: string(),
});
export type LinkedAccount = Infer<typeof LinkedAccount>;

export const AccountsSummary = object({ can_add_account: boolean(), accounts: array(LinkedAccount) });
export type AccountsSummary = Infer<typeof AccountsSummary>;

export const AccountUpdateResponse = object({
  message: string(),
  user: SessionUser,
  account: nullable(LinkedAccount),
});
export type AccountUpdateResponse = Infer<typeof AccountUpdateResponse>;

export const LegacyAccountResponse = object({
  message: string(),
  user: SessionUser,
  business_profile: BusinessProfile,
  account: LinkedAccount,
});

export const PackageResponse = object({ message: string(), package: string() });

export const SignupPackage = object({
  key: string(),
  title: string(),
  hours_per_month: nullable(number()),
  monthly_price_cents: nullable(number()),
});
export type SignupPackage = Infer<typeof SignupPackage>;
export const PackagesResponse = object({ packages: array(SignupPackage) });

export const LegacyAccount = object({
  user: object({
    first_name: string(),
    last_name: string(),
    email: string(),
    phone_number: nullable(string()),
    job_title: nullable(string()),
    business_name: string(),
  }),
  organization: object({
    name: string(),
    address: nullable(string()),
    website: nullable(string()),
    categories: array(string()),
  }),
  lead_credit_cents: number(),
});
export type LegacyAccount = Infer<typeof LegacyAccount>;

export const Service = object({ name: string(), label: string() });
export const ServicesResponse = object({ services: array(Service) });

export const LeadCost = object({
  name: string(),
  label: string(),
  min_price_cents: number(),
  max_price_cents: number(),
});
export type LeadCost = Infer<typeof LeadCost>;
export const LeadCostsResponse = object({ categories: array(LeadCost) });

export const CustomFirstStepResponse = object({
  lead_id: string(),
  user_id: number(),
  /** Proves step 2 comes from whoever completed step 1 (sent back as the registration token). */
  registration_token: string(),
});
export type CustomFirstStepResponse = Infer<typeof CustomFirstStepResponse>;

export const UserData = object({
  first_name: string(),
  last_name: string(),
  email: string(),
  phone_number: nullable(string()),
  address: nullable(string()),
  business_name: nullable(string()),
  services: array(string()),
});
export type UserData = Infer<typeof UserData>;
export const UserDataResponse = object({ data: UserData });

export const CustomSecondStepResponse = object({
  token: string(),
  user_id: number(),
  user: SessionUser,
  business_profile: nullable(BusinessProfile),
  org: OrgRef,
});
export type CustomSecondStepResponse = Infer<typeof CustomSecondStepResponse>;

/** The dev endpoint e2e tests use to mint an invitation (the CLI prints the same link). */
export const InviteBody = object({
  email: string(),
  first_name: optional(string()),
  last_name: optional(string()),
  business_name: optional(string()),
  ttl_hours: optional(number()),
});
export const InviteResponse = object({
  token: string(),
  link: string(),
  user_id: number(),
  created: boolean(),
});

/** The dev tools' list of the open legacy and lead sign-up links, with their keys. */
export const SignupLinksResponse = object({
  links: array(
    object({
      kind: enums(['legacy', 'lead']),
      id: string(),
      name: string(),
      email: string(),
      link: string(),
    }),
  ),
});
