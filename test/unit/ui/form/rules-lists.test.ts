/**
 * fieldRules (src/ui/form/rules-lists.ts): a contract's rule lists as a form's field rules, each
 * field answering its list's first failing message, through the same struct the forms validate with.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_RULES } from '../../../../src/api/contracts/account';
import { check, loginRules, messages } from '../../../../src/lib/validation';
import { fieldRules } from '../../../../src/ui/form/rules-lists';
import { rulesStruct, structErrors } from '../../../../src/ui/form/rules-struct';

type Login = { email: string; password: string };

describe('fieldRules', () => {
  it("answers each field's first failing rule of its list, null when all pass", () => {
    const rules = fieldRules<Login>(loginRules);
    const values = { email: '', password: '' };
    expect(rules.email?.('', values)).toBe(messages.loginEmailRequired);
    expect(rules.email?.('not-an-email', values)).toBe(messages.loginEmailInvalid);
    expect(rules.email?.('a@example.com', values)).toBeNull();
    expect(rules.password?.('', values)).toBe(messages.loginPasswordRequired);
  });

  it('gives a rule to the listed fields only', () => {
    expect(Object.keys(fieldRules<Login>({ email: loginRules.email }))).toEqual(['email']);
  });

  it("says what the contract's lists say, field by field, through the forms' struct", () => {
    const blank = Object.fromEntries(Object.keys(PROFILE_RULES).map((name) => [name, '']));
    const errors = structErrors(rulesStruct(fieldRules(PROFILE_RULES)), blank);
    expect(errors.size).toBe(Object.keys(PROFILE_RULES).length);
    for (const [name, list] of Object.entries(PROFILE_RULES))
      expect(errors.get(name)?.message ?? null).toBe(check('', ...list));
  });
});
