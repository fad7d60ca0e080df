/**
 * Sign-in, session and user-settings contracts (spec part 1 §3, §7). The server validates requests
 * with these structs and the client validates every response with them.
 */
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  object,
  optional,
  refine,
  string,
  union,
} from 'superstruct';
import { Email, NonEmpty } from './common';
import type { EndpointPath } from './endpoints';

export const Platform = enums(['live', 'direct', 'socius', 'bpr', 'fsr', 'franchise']);
export type Platform = Infer<typeof Platform>;

export const Subtab = object({ name: string(), path: string() });
export const Tab = object({ name: string(), url: string(), subtabs: optional(array(Subtab)) });
export type Tab = Infer<typeof Tab>;

export const SessionUser = object({
  first_name: string(),
  last_name: string(),
  email: string(),
  job_title: nullable(string()),
  business_name: nullable(string()),
  platforms: array(object({ platform: Platform })),
});
export type SessionUser = Infer<typeof SessionUser>;

export const BusinessProfile = object({
  call_transfer_phone_number: nullable(string()),
  email_notification: nullable(string()),
  sms_notification: nullable(string()),
});
export type BusinessProfile = Infer<typeof BusinessProfile>;

export const AdType = enums(['ad_0', 'ad_1']);

export const CreateSessionBody = object({ email: Email, password: NonEmpty });
export type CreateSessionBody = Infer<typeof CreateSessionBody>;

/** A one-time sign-in link's token (the mail's `sign_in_token`); answered like create_session. */
export const SignInLinkBody = object({ token: NonEmpty });
export type SignInLinkBody = Infer<typeof SignInLinkBody>;

export const LoginResponse = object({
  token: string(),
  user_id: number(),
  user: SessionUser,
  business_profile: nullable(BusinessProfile),
  show_ad: boolean(),
  ad_type: nullable(AdType),
  tabs: array(Tab),
});
export type LoginResponse = Infer<typeof LoginResponse>;

export const MessageResponse = object({ message: string() });
export type MessageResponse = Infer<typeof MessageResponse>;

export const ValidateEmailQuery = object({ value: Email });
/** Whether the address is well formed; never whether an account has it (that would be an oracle). */
export const ValidateEmailResponse = object({ valid: boolean() });
export type ValidateEmailResponse = Infer<typeof ValidateEmailResponse>;

export const PasswordResetBody = object({ email: Email });

const isDbId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

/** Set (welcome) or reset with a code, or change with current_password while signed in. */
export const PasswordBody = object({
  code: optional(string()),
  current_password: optional(string()),
  password: string(),
  confirmed_password: string(),
  // From the mail's link (a string): a user id within PostgreSQL's integer, else the link is bad.
  user_id: optional(
    refine(union([number(), string()]), 'UserId', (v) => isDbId(Number(v)) || 'This link is not valid'),
  ),
  welcome: defaulted(optional(boolean()), false),
});
export type PasswordBody = Infer<typeof PasswordBody>;

/** Where the signed-in user's settings (tabs, platforms, time zone) are read. */
export const SETTINGS_PATH = '/user/settings' satisfies EndpointPath<'GET'>;

export const UserSettings = object({
  tabs: array(Tab),
  platforms: array(object({ platform: Platform })),
  review_types: array(object({ id: number(), key: string(), name: string() })),
  time_zone: string(),
  providers: array(object({ media_type: string() })),
  show_revconnect: boolean(),
});
export type UserSettings = Infer<typeof UserSettings>;

export const NotificationAction = enums(['go_to', 'download', 'no_action']);
export const Notification = object({
  notification_id: number(),
  message: string(),
  action: NotificationAction,
  index: nullable(string()),
  id: nullable(number()),
  is_read: boolean(),
  created_at: string(),
});
export type Notification = Infer<typeof Notification>;
export const NotificationsResponse = object({ notifications: array(Notification) });
export type NotificationsResponse = Infer<typeof NotificationsResponse>;

export const AuthenticateResponse = object({
  payload: object({ token: string(), user_id: number(), email: string() }),
  user: SessionUser,
  org: object({ id: number(), name: string() }),
});
export type AuthenticateResponse = Infer<typeof AuthenticateResponse>;

export const BecomeBody = object({ email: Email, ed: NonEmpty });
export const BecomeResponse = object({
  token: string(),
  user_id: number(),
  user: SessionUser,
  impersonate_id: number(),
  tabs: array(Tab),
});
export type BecomeResponse = Infer<typeof BecomeResponse>;

export const ErrorReportBody = object({
  message: string(),
  status: optional(nullable(integer())),
  url: optional(string()),
  method: optional(string()),
  body: optional(string()),
});
