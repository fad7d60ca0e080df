/**
 * Every sign-up field rule and its message (spec part 1 §5), table-driven over the shared
 * contract the wizard and the server both apply; and the required sets per flow.
 */
import { describe, expect, it } from 'vitest';
import { passwordRule } from '../../../../src/api/contracts/common';
import {
  fieldError,
  PACKAGE_REQUIRED,
  STEP_RULES,
  type StepForm,
  stepErrors,
} from '../../../../src/api/contracts/signup';

const REQUIRED = 'This field is required*';
const ADDRESS_REQUIRED = 'This field is required';
const PASSWORD = passwordRule.message;
const GOOD = { password: 'Str0ng!pass', confirm_password: 'Str0ng!pass' };

type Row = [
  step: StepForm,
  field: string,
  value: unknown,
  expected: string | null,
  others?: Record<string, unknown>,
];

const rows: Row[] = [
  ['standard-account', 'first_name', '', REQUIRED],
  ['standard-account', 'first_name', '   ', REQUIRED],
  ['standard-account', 'first_name', 'Nora', null],
  ['standard-account', 'last_name', '', REQUIRED],
  ['standard-account', 'business_name', '', REQUIRED],
  ['standard-account', 'job_title', '', REQUIRED],
  ['standard-account', 'phone_number', '', REQUIRED],
  ['standard-account', 'phone_number', '512555019', 'Invalid phone number'],
  ['standard-account', 'phone_number', '51255501999', 'Invalid phone number'],
  ['standard-account', 'phone_number', '5125550199', null],
  ['standard-account', 'phone_number', '(512) 555-0199', null],
  ['standard-account', 'email', '', REQUIRED],
  ['standard-account', 'email', 'nora', 'Invalid email address'],
  ['standard-account', 'email', 'nora@quinn', 'Invalid email address'],
  ['standard-account', 'email', 'nora@@quinn.example', 'Invalid email address'],
  ['standard-account', 'email', 'nora@quinn.example', null],
  ['standard-account', 'password', '', REQUIRED],
  ['standard-account', 'password', 'Sh0rt!', PASSWORD],
  ['standard-account', 'password', 'alllower1!', PASSWORD],
  ['standard-account', 'password', 'ALLUPPER1!', PASSWORD],
  ['standard-account', 'password', 'NoDigits!!', PASSWORD],
  ['standard-account', 'password', 'NoSymbol11', PASSWORD],
  ['standard-account', 'password', 'Str0ng!pass', null],
  ['standard-account', 'confirm_password', '', REQUIRED, GOOD],
  ['standard-account', 'confirm_password', 'Str0ng!pas', 'Does Not match password', GOOD],
  ['standard-account', 'confirm_password', 'Str0ng!pass', null, GOOD],
  ['legacy-account', 'job_title', '', REQUIRED],
  ['custom-account', 'address', '', ADDRESS_REQUIRED],
  ['custom-account', 'address', '12 Main St, Austin, TX 78701', null],
  ['standard-business', 'name', '', REQUIRED],
  ['standard-business', 'website', '', null],
  ['standard-business', 'website', 'quinn roofing', 'Invalid url'],
  ['standard-business', 'website', 'quinnroofing.example', null],
  ['standard-business', 'website', 'https://www.quinnroofing.example/about', null],
  ['standard-business', 'categories', [], null],
  ['standard-business', 'address', '', null],
  ['legacy-business', 'categories', [], REQUIRED],
  ['legacy-business', 'categories', ['roofing'], null],
  ['legacy-business', 'address', '', ADDRESS_REQUIRED],
  ['legacy-business', 'call_transfer_phone_number', '', REQUIRED],
  ['legacy-business', 'call_transfer_phone_number', '123', 'Invalid phone number'],
  ['legacy-business', 'email_notification', '', REQUIRED],
  ['legacy-business', 'email_notification', 'calls@x', 'Invalid email address'],
  ['legacy-business', 'sms_notification', '', null],
  ['legacy-business', 'sms_notification', '12345', 'Invalid phone number'],
  ['custom-business', 'categories', [], REQUIRED],
  ['custom-business', 'email', 'x', 'Invalid email address'],
  ['custom-business', 'phone_number', '', REQUIRED],
  ['package', 'package', '', PACKAGE_REQUIRED],
  ['package', 'package', 'expand', null],
];

describe('sign-up field rules', () => {
  it.each(rows)('%s %s = %j -> %s', (step, field, value, expected, others = {}) => {
    expect(fieldError(step, field, { ...others, [field]: value })).toBe(expected);
  });

  it("uses the spec's exact package message", () => {
    expect(PACKAGE_REQUIRED).toBe('*Select at least one package');
  });
});

describe('required sets per flow (spec part 1 §5)', () => {
  const requiredOf = (step: StepForm) => Object.keys(stepErrors(step, {}) ?? {}).sort();

  it.each<[StepForm, string[]]>([
    [
      'standard-account',
      [
        'business_name',
        'confirm_password',
        'email',
        'first_name',
        'job_title',
        'last_name',
        'password',
        'phone_number',
      ],
    ],
    ['standard-business', ['name']],
    [
      'custom-account',
      ['address', 'confirm_password', 'email', 'first_name', 'last_name', 'password', 'phone_number'],
    ],
    [
      'custom-business',
      ['address', 'categories', 'email', 'first_name', 'last_name', 'name', 'phone_number'],
    ],
    [
      'legacy-business',
      ['address', 'call_transfer_phone_number', 'categories', 'email_notification', 'name'],
    ],
    ['package', ['package']],
  ])('%s requires %j', (step, fields) => {
    expect(requiredOf(step)).toEqual(fields);
  });

  it('legacy step 1 requires what standard step 1 does', () => {
    expect(Object.keys(STEP_RULES['legacy-account'])).toEqual(Object.keys(STEP_RULES['standard-account']));
  });

  it('answers null for a valid step', () => {
    expect(
      stepErrors('standard-account', {
        first_name: 'Nora',
        last_name: 'Quinn',
        business_name: 'Quinn Roofing',
        job_title: 'Owner',
        phone_number: '5125550199',
        email: 'nora@quinn.example',
        ...GOOD,
      }),
    ).toBeNull();
  });
});
