/**
 * Payment contracts (spec part 1 §3, §7): the provider's checkout token, the payment method the
 * portal creates from the provider's ids, and the provider sandbox's own tokenize call.
 *
 * The card or bank numbers only ever appear in `TokenizeBody`, which the provider's hosted fields
 * send to the provider: the portal's API never receives them.
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
  union,
} from 'superstruct';
import { NonEmpty } from './common';

export const PaymentPlatform = enums(['live', 'socius', 'bpr']);
export type PaymentPlatform = Infer<typeof PaymentPlatform>;

export const PaymentType = enums(['card', 'ach']);
export type PaymentType = Infer<typeof PaymentType>;

/** GET /{platform}/paysimple/token. A missing token is the client's 'No Returned Auth Token'. */
export const PaysimpleToken = object({ token: optional(nullable(string())) });
export type PaysimpleToken = Infer<typeof PaysimpleToken>;

/** POST /{platform}/payment_methods/create (assigned_accounts: the sign-up modal variant). */
export const CreatePaymentMethodBody = object({
  ps_account_id: NonEmpty,
  ps_customer_id: NonEmpty,
  authorized: optional(boolean()),
  ms_id: optional(nullable(string())),
  sign_up: defaulted(boolean(), false),
  invoice_id: optional(nullable(union([number(), string()]))),
  assigned_accounts: optional(array(string())),
});
export type CreatePaymentMethodBody = Infer<typeof CreatePaymentMethodBody>;

export const PaymentMethodSummary = object({
  id: number(),
  ref_id: string(),
  platform: string(),
  type: enums(['credit_card', 'ach']),
  brand: nullable(string()),
  last_four: nullable(string()),
  exp_month: nullable(number()),
  exp_year: nullable(number()),
  bank_name: nullable(string()),
  is_default: boolean(),
});
export type PaymentMethodSummary = Infer<typeof PaymentMethodSummary>;

export const CreatePaymentMethodResponse = object({
  message: string(),
  payment_method: PaymentMethodSummary,
});
export type CreatePaymentMethodResponse = Infer<typeof CreatePaymentMethodResponse>;

// The provider sandbox (served by the reference server outside /api/v1, called by its hosted fields).

export const TokenizeBody = object({
  token: string(),
  type: PaymentType,
  first_name: defaulted(string(), ''),
  last_name: defaulted(string(), ''),
  email: defaulted(string(), ''),
  card_number: optional(string()),
  exp_month: optional(union([number(), string()])),
  exp_year: optional(union([number(), string()])),
  cvv: optional(string()),
  zip: optional(string()),
  routing_number: optional(string()),
  account_number: optional(string()),
  account_type: optional(enums(['checking', 'savings'])),
  bank_name: optional(string()),
});
export type TokenizeBody = Infer<typeof TokenizeBody>;

export const TokenizeResponse = object({
  ps_account_id: string(),
  ps_customer_id: string(),
  type: PaymentType,
  brand: nullable(string()),
  last_four: string(),
});
export type TokenizeResponse = Infer<typeof TokenizeResponse>;
