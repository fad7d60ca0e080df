import { describe, expect, it } from 'vitest';
import { passwordRule } from '../../../src/api/contracts/common';
import { passwordChecks, passwordStrength } from '../../../src/lib/password-strength';

const met = (value: string) =>
  passwordChecks(value)
    .filter((c) => c.met)
    .map((c) => c.id);

describe('passwordChecks (spec part 1 §2: length, upper and lower case, symbol, number)', () => {
  it('labels the rules as the meter shows them', () => {
    expect(passwordChecks('').map((c) => c.label)).toEqual([
      'At least 8 characters',
      'Upper and lower case letters',
      'A symbol',
      'A number',
    ]);
  });

  it.each([
    ['', []],
    ['abcdefgh', ['length']],
    ['abcDEF', ['case']],
    ['ABCDEFGH', ['length']],
    ['!', ['symbol']],
    [' ', ['symbol']],
    ['7', ['number']],
    ['Abc1!', ['case', 'symbol', 'number']],
    ['Portal-demo-1', ['length', 'case', 'symbol', 'number']],
    ['ÄÖÜäöü12', ['length', 'symbol', 'number']],
  ])('%j meets %j', (value, expected) => expect(met(value)).toEqual(expected));

  it.each([
    '',
    'short1!',
    'alllowercase1!',
    'NoDigitsHere!',
    'NoSpecial123',
    'Portal-demo-1!',
    'Aa1!Aa1!',
    'Aa1!Aa1',
  ])('all four met exactly when the contract rule passes: %j', (value) =>
    expect(met(value).length === 4).toBe(passwordRule.test(value)),
  );
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, null],
    ['a', 0, 'Weak'],
    ['abcdefgh', 1, 'Weak'],
    ['abcdefg1', 2, 'Fair'],
    ['Abcdefg1', 3, 'Good'],
    ['Abcdef1!', 4, 'Strong'],
  ])('%j -> %i %j', (value, score, label) => expect(passwordStrength(value)).toEqual({ score, label }));
});
