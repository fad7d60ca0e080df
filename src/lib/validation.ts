/**
 * Form validation rules with the spec's messages (part 1 §5), verbatim: they are product copy.
 *
 * A rule takes the field's value and answers the message to show, or null when the value is valid.
 * Pure functions: no React, no I/O, and no imports from the app: the contracts (src/api/contracts)
 * build on these rules, never the other way round. The password rule is shared with the server.
 */

/** The password rule of spec part 1 §5, shared by the forms, the contracts and the server. */
export const passwordRule = {
  message:
    'A minimum 8 characters password contains a combination of uppercase and lowercase letter and number. Special characters are required.',
  test: (value: string) =>
    value.length >= 8 &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value),
};

export type Rule = (value: string) => string | null;

export const messages = {
  loginEmailRequired: 'Please enter your email*',
  loginEmailInvalid: 'Please enter a valid email',
  loginPasswordRequired: 'Please enter your password*',
  codeRequired: 'Please enter your code*',
  required: 'This field is required*',
  password: passwordRule.message,
  passwordMismatch: 'Does Not match password',
  phone: 'Invalid phone number',
  email: 'Invalid email address',
  url: 'Invalid url',
  /** The address autocomplete's own required message (spec part 1 §5), without the asterisk. */
  addressRequired: 'This field is required',
} as const;

// One @, something before it, and a dot inside the domain part.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Scheme optional (customers type "example.com"); a dotted host of letters, digits and hyphens.
const URL_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

export const isEmail = (value: string) => EMAIL.test(value.trim());

/** A website as customers type it: 'example.com', 'www.example.com/page', 'https://example.com'. */
export const isUrl = (value: string) => URL_PATTERN.test(value.trim());

export const required =
  (message: string = messages.required): Rule =>
  (value) =>
    value.trim() === '' ? message : null;

export const email =
  (message: string = messages.email): Rule =>
  (value) =>
    value.trim() !== '' && !isEmail(value) ? message : null;

export const password: Rule = (value) =>
  value !== '' && !passwordRule.test(value) ? messages.password : null;

export const matches =
  (other: () => string, message: string = messages.passwordMismatch): Rule =>
  (value) =>
    value !== other() ? message : null;

/** US phone numbers: exactly 10 digits once punctuation is stripped. */
export const phone: Rule = (value) =>
  value !== '' && digitsOnly(value).length !== 10 ? messages.phone : null;

/** Websites are optional: only a malformed one is an error. */
export const url: Rule = (value) => (value.trim() !== '' && !isUrl(value) ? messages.url : null);

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Runs the rules in order and answers the first message, or null. */
export function check(value: string, ...rules: Rule[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}

/** The sign-in form's rules (§5 Login). */
export const loginRules = {
  email: [required(messages.loginEmailRequired), email(messages.loginEmailInvalid)],
  password: [required(messages.loginPasswordRequired)],
} satisfies Record<string, Rule[]>;
