import { describe, expect, it } from 'vitest';
import {
  check,
  digitsOnly,
  email,
  loginRules,
  matches,
  password,
  phone,
  required,
  url,
} from '../../../src/lib/validation';

const PASSWORD_MESSAGE =
  'A minimum 8 characters password contains a combination of uppercase and lowercase letter and number. Special characters are required.';

describe('login rules (spec part 1 §5)', () => {
  it.each([
    ['', 'Please enter your email*'],
    ['   ', 'Please enter your email*'],
    ['owner', 'Please enter a valid email'],
    ['owner@demo', 'Please enter a valid email'],
    ['owner@@demo.test', 'Please enter a valid email'],
    ['owner@demo.test', null],
    ['  owner@demo.test  ', null],
  ])('email %j -> %j', (value, expected) => {
    expect(check(value, ...loginRules.email)).toBe(expected);
  });

  it.each([
    ['', 'Please enter your password*'],
    ['x', null],
  ])('password %j -> %j', (value, expected) => {
    expect(check(value, ...loginRules.password)).toBe(expected);
  });
});

describe('shared rules', () => {
  it.each([
    [required(), '', 'This field is required*'],
    [required(), ' a ', null],
    [required('Please enter your code*'), '', 'Please enter your code*'],
    [email(), 'no-at-sign.com', 'Invalid email address'],
    [email(), 'a@b@c.com', 'Invalid email address'],
    [email(), 'a@nodot', 'Invalid email address'],
    [email(), 'a@b.co', null],
    [email(), '', null],
    [password, 'short1!', PASSWORD_MESSAGE],
    [password, 'alllowercase1!', PASSWORD_MESSAGE],
    [password, 'ALLUPPERCASE1!', PASSWORD_MESSAGE],
    [password, 'NoDigitsHere!', PASSWORD_MESSAGE],
    [password, 'NoSpecial123', PASSWORD_MESSAGE],
    [password, 'Portal-demo-1!', null],
    [phone, '555123456', 'Invalid phone number'],
    [phone, '55512345678', 'Invalid phone number'],
    [phone, '(555) 123-4567', null],
    [phone, '', null],
    [url, 'not a url', 'Invalid url'],
    [url, 'http://', 'Invalid url'],
    [url, 'example.com', null],
    [url, 'https://www.example.com/path?q=1', null],
    [url, '', null],
  ])('%#: %j', (rule, value, expected) => {
    expect(rule(value)).toBe(expected);
  });

  it('matches compares with the other field at check time', () => {
    let other = 'Portal-demo-1!';
    const rule = matches(() => other);
    expect(rule('Portal-demo-1!')).toBeNull();
    other = 'changed';
    expect(rule('Portal-demo-1!')).toBe('Does Not match password');
  });

  it('check answers the first failing rule', () => {
    expect(check('', required(), email())).toBe('This field is required*');
    expect(check('x', required(), email())).toBe('Invalid email address');
  });

  it('digitsOnly strips punctuation', () => {
    expect(digitsOnly('(555) 123-4567')).toBe('5551234567');
  });
});
