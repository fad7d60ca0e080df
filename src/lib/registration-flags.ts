/**
 * The session's registration flags (spec part 1 §3): the fields a sign-up in progress keeps in the
 * session store, each with its cleared value. One list for the store's defaults (db/session.ts),
 * the guard's "registration in progress" and "entering the dashboard clears them" (app/guard.ts)
 * and the wizard's reset (features/signup/signup-api.ts): a flag added here is cleared everywhere.
 *
 * Key names are the spec's, hyphens included. A flag is set when its value differs from the
 * cleared one (a token or record instead of null, true instead of false).
 */

export const REGISTRATION_FLAGS = {
  'reg-token': null,
  'account-reg-info': null,
  'reg-org': null,
  ms_id: null,
  'custom-signup': false,
  'edit-step-2': false,
  'add-account': false,
} as const;

export type RegistrationFlag = keyof typeof REGISTRATION_FLAGS;

export const REGISTRATION_FLAG_NAMES = Object.keys(REGISTRATION_FLAGS) as RegistrationFlag[];

/** True when `value` is a set flag (anything but null and false). */
export const isFlagSet = (value: unknown) => value !== null && value !== undefined && value !== false;
