/**
 * The live password strength meter's checks (spec part 1 §2 step 1 and §5 "Password rule hints"):
 * length, upper and lower case, a symbol, a number.
 *
 * All four met is exactly `passwordRule.test` (the contract's rule, shared with the server), so the
 * meter never shows a password as complete that the form or the server would refuse.
 */
export type PasswordCheckId = 'length' | 'case' | 'symbol' | 'number';

export type PasswordCheck = { id: PasswordCheckId; label: string; met: boolean };

export const PASSWORD_MIN_LENGTH = 8;

const CHECKS: { id: PasswordCheckId; label: string; test: (value: string) => boolean }[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (v) => v.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'case', label: 'Upper and lower case letters', test: (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) },
  { id: 'symbol', label: 'A symbol', test: (v) => /[^A-Za-z0-9]/.test(v) },
  { id: 'number', label: 'A number', test: (v) => /\d/.test(v) },
];

export function passwordChecks(value: string): PasswordCheck[] {
  return CHECKS.map(({ id, label, test }) => ({ id, label, met: test(value) }));
}

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** Score 0-4 (checks met) and a word for it; no word for an empty password. */
export function passwordStrength(value: string): { score: number; label: StrengthLabel | null } {
  const score = passwordChecks(value).filter((check) => check.met).length;
  if (value === '') return { score: 0, label: null };
  const label: StrengthLabel = score <= 1 ? 'Weak' : score === 2 ? 'Fair' : score === 3 ? 'Good' : 'Strong';
  return { score, label };
}
