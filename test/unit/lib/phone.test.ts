import { describe, expect, it } from 'vitest';
import { caretAfterDigits, displayPhone, editPhone, formatPhone, telHref } from '../../../src/lib/phone';
import { check, messages, phone, required } from '../../../src/lib/validation';

describe('formatPhone (spec part 1 §5: shown as (XXX) XXX-XXXX)', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['512', '(512'],
    ['5125', '(512) 5'],
    ['512555', '(512) 555'],
    ['5125551', '(512) 555-1'],
    ['5125551234', '(512) 555-1234'],
    ['(512) 555-1234', '(512) 555-1234'],
  ])('%j -> %j', (digits, expected) => expect(formatPhone(digits)).toBe(expected));
});

describe('caretAfterDigits', () => {
  it.each([
    ['(512) 555-1234', 0, 0],
    ['(512) 555-1234', 1, 2],
    ['(512) 555-1234', 3, 4],
    ['(512) 555-1234', 4, 7],
    ['(512) 555-1234', 7, 11],
    ['(512) 555-1234', 10, 14],
    ['(512', 9, 4],
  ])('%j after %i digits -> %i', (formatted, count, expected) =>
    expect(caretAfterDigits(formatted, count)).toBe(expected),
  );
});

describe('editPhone', () => {
  it.each([
    // previous digits, raw text after the browser's edit, caret, inputType -> digits, caret
    ['', '5', 1, 'insertText', '5', 2],
    ['512', '(5124', 5, 'insertText', '5124', 7],
    ['512555123', '(512) 555-1234', 14, 'insertText', '5125551234', 14],
    ['5125551234', '(512) 555-12345', 15, 'insertText', '', 0],
    ['', '+1 (512) 555-1234', 17, 'insertFromPaste', '', 0],
    ['', '512.555.1234', 12, 'insertFromPaste', '5125551234', 14],
    ['5125551234', '(512) 555-1234a', 15, 'insertText', '5125551234', 14],
    ['5125551234', '(512) 9555-1234', 7, 'insertText', '', 0],
    ['512555123', '(512) 7555-123', 7, 'insertText', '5127555123', 7],
    // Backspace over ')' or '-' deletes the digit before it instead.
    ['5125551234', '(512 555-1234', 4, 'deleteContentBackward', '515551234', 3],
    ['5125551234', '(512) 5551234', 9, 'deleteContentBackward', '512551234', 8],
    ['5125551234', '(512) 555-234', 10, 'deleteContentBackward', '512555234', 9],
    ['5125551234', '(512) 5551234', 9, 'deleteContentForward', '512555234', 9],
    ['5125', '(512) ', 6, 'deleteContentBackward', '512', 4],
    ['5125551234', '', 0, 'deleteContentBackward', '', 0],
  ])('%j + %j @%i (%s) -> %j @%i', (previous, raw, caret, inputType, digits, nextCaret) => {
    expect(editPhone(previous, raw, caret, inputType)).toEqual({ digits, caret: nextCaret });
  });
});

describe('phone messages (exact spec texts)', () => {
  it.each([
    ['', [required(), phone], 'This field is required*'],
    ['512555', [required(), phone], 'Invalid phone number'],
    ['5125551234', [required(), phone], null],
    ['', [phone], null],
  ])('%j -> %j', (value, rules, expected) => expect(check(value, ...rules)).toBe(expected));

  it('uses the shared message', () => expect(messages.phone).toBe('Invalid phone number'));
});

describe('displayPhone and telHref (stored numbers on screen)', () => {
  it('formats 10 digits, with or without a leading 1 and separators', () => {
    expect(displayPhone('5125550094')).toBe('(512) 555-0094');
    expect(displayPhone('+1 512-555-0094')).toBe('(512) 555-0094');
    expect(displayPhone('')).toBe('');
  });

  it('leaves anything else as stored', () => {
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(displayPhone('555-0094')).toBe('555-0094');
  });

  it('makes tap-to-call links', () => {
    expect(telHref('(512) 555-0094')).toBe('tel:+15125550094');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('n/a')).toBeNull();
  });
});
