/**
 * Interest requests (spec part 1 §7, part 2 §7, part 3 §3 "Interest form fields"):
 * - POST /submit_mql_info: a signed-in user asks about a product, from the overview carousel or the
 *   Products page (click_source says which);
 * - the marketing-automation provider's form intake (the "Get Started" of a locked summary card),
 *   served by the reference server's sandbox outside /api/v1, as the provider would be.
 */
import { enums, type Infer, literal, object, optional, refine, string } from 'superstruct';
import { Email } from './common';

/** Short free text: trimmed length 1..max, no NUL (the validator refuses NUL everywhere too). */
const text = (max: number) =>
  refine(string(), 'Text', (value) => {
    const length = value.trim().length;
    if (length === 0) return 'This field is required';
    return length <= max || `Must be ${max} characters or fewer`;
  });

export const CLICK_SOURCES = ['overview', 'products'] as const;

export const MqlBody = object({
  product: text(100),
  package: optional(text(100)),
  click_source: enums(CLICK_SOURCES),
  product_status: text(40),
});
export type MqlBody = Infer<typeof MqlBody>;

export const MqlResponse = object({ success: literal(true) });

/** The interest values and intents of part 3 §3. */
export const INTEREST_PRODUCTS = [
  'Paid Media',
  'Pay Per Call',
  'Perf Paid Media',
  'Directories',
  'RevConnect',
] as const;

export const InterestFormBody = object({
  firstname: text(100),
  lastname: text(100),
  email: Email,
  company: text(200),
  phone: optional(refine(string(), 'Phone', (value) => value.length <= 40 || 'Phone is too long')),
  portal_product_selection: enums(INTEREST_PRODUCTS),
  portal_intent: text(100),
  active_products: optional(refine(string(), 'Products', (value) => value.length <= 200 || 'Too long')),
});
export type InterestFormBody = Infer<typeof InterestFormBody>;

/** The provider's answer: the spec does not show it to the user; a reference id is enough. */
export const InterestFormResponse = object({ inlineMessage: string(), submission_id: string() });
