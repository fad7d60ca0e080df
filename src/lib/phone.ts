/**
 * US phone numbers as the forms handle them (spec part 1 §5): the value is digits only, shown as
 * (XXX) XXX-XXXX while typed, and more than 10 digits clears the field.
 *
 * Pure functions: the phone input keeps only `digits` in state and derives the text and the caret
 * position from it, so a formatting character can never end up in what is sent.
 */
import { digitsOnly } from './validation';

export const PHONE_DIGITS = 10;

/** Formats as much of the number as has been typed: '5125' -> '(512) 5'. */
export function formatPhone(digits: string): string {
  const d = digitsOnly(digits);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, PHONE_DIGITS)}`;
}

/** The caret position just after the `count`-th digit of a formatted number. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i])) seen++;
    if (seen === count) return i + 1;
  }
  return formatted.length;
}

export type PhoneEdit = { digits: string; caret: number };

/**
 * Applies what the browser did to the text (`raw`, with the caret at `caret`) to the digits.
 *
 * - More than 10 digits clears the field (spec), whether typed or pasted.
 * - Deleting only a formatting character (the ')' or '-') deletes the digit next to it instead,
 *   so Backspace never looks stuck.
 */
export function editPhone(previous: string, raw: string, caret: number, inputType = ''): PhoneEdit {
  let digits = digitsOnly(raw);
  let before = digitsOnly(raw.slice(0, caret)).length;
  if (digits.length > PHONE_DIGITS) return { digits: '', caret: 0 };
  if (digits === previous && raw.length < formatPhone(previous).length) {
    if (inputType === 'deleteContentBackward' && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    } else if (inputType === 'deleteContentForward' && before < digits.length) {
      digits = digits.slice(0, before) + digits.slice(before + 1);
    }
  }
  return { digits, caret: caretAfterDigits(formatPhone(digits), before) };
}

/**
 * A stored number as people read it: '5125550094' or '+1 512-555-0094' -> '(512) 555-0094'.
 * Anything that is not a US number of 10 digits (after an optional leading 1) is shown as stored.
 */
export function displayPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = digitsOnly(value);
  const national = digits.length === PHONE_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === PHONE_DIGITS ? formatPhone(national) : value;
}

/** A tel: link for a stored number (US numbers get +1), or null when it has no digits. */
export function telHref(value: string | null | undefined): string | null {
  const digits = digitsOnly(value ?? '');
  if (digits.length === 0) return null;
  return digits.length === PHONE_DIGITS
    ? `tel:+1${digits}`
    : `tel:${digits.length > PHONE_DIGITS ? '+' : ''}${digits}`;
}
