import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/api/contracts/session';
import { type GuardSession, guard, isSocius } from '../../../src/app/guard';
import { sectionTitle } from '../../../src/app/sections';

const user = (...platforms: SessionUser['platforms'][number]['platform'][]): SessionUser => ({
  first_name: 'Maria',
  last_name: 'Alvarez',
  email: 'owner@demo.test',
  job_title: null,
  business_name: null,
  platforms: platforms.map((platform) => ({ platform })),
});

const none: GuardSession = {
  token: null,
  user: null,
  'reg-token': null,
  'account-reg-info': null,
  'reg-org': null,
  ms_id: null,
  'custom-signup': false,
  'edit-step-2': false,
  'add-account': false,
};
const signedIn: GuardSession = { ...none, token: 'tok', user: user('live') };
const socius: GuardSession = { ...none, token: 'tok', user: user('socius') };

type Row = [string, GuardSession, string, string, string | null, Record<string, unknown> | null, boolean?];

// [rule, session, path, query, redirect, patch, identify]
const rows: Row[] = [
  // /become skips the guard
  ['become skips', none, '/become', 'ed=x&email=a@b.co', null, null],
  [
    'become skips, even with flags',
    { ...none, 'reg-token': 'r', 'add-account': true },
    '/become',
    '',
    null,
    null,
  ],
  // 1. registration token, custom-signup flag or ms_id without a token
  ['reg-token, no token', { ...none, 'reg-token': 'r' }, '/dashboard/leads', '', '/login', null],
  ['custom-signup, no token', { ...none, 'custom-signup': true }, '/dashboard', '', '/login', null],
  ['ms_id, no token', { ...none, ms_id: 'ms-1' }, '/somewhere', '', '/login', null],
  ['reg-token may reach /login', { ...none, 'reg-token': 'r' }, '/login', '', null, null],
  ['reg-token may reach /signup', { ...none, 'reg-token': 'r' }, '/signup', 'token=r', null, null],
  ['ms_id may reach /signup', { ...none, ms_id: 'ms-1' }, '/signup', 'ms_id=ms-1', null, null],
  // 2. add-account flags step-2 editing
  [
    'add-account -> edit-step-2',
    { ...signedIn, 'add-account': true },
    '/signup',
    'token=t',
    null,
    { 'edit-step-2': true },
  ],
  [
    'add-account already editing',
    { ...signedIn, 'add-account': true, 'edit-step-2': true },
    '/signup',
    'token=t',
    null,
    null,
  ],
  // 3. no token: only /login and /signup (and /become)
  ['no token, dashboard', none, '/dashboard/leads', '', '/login', null],
  ['no token, root', none, '/', '', '/login', null],
  ['no token, look-alike path', none, '/loginx', '', '/login', null],
  ['no token, /login', none, '/login', '', null, null],
  ['no token, /login with a reset link', none, '/login', 'code=1&email=a@b.co', null, null],
  // 4. /signup without token or ms_id query sets the custom-signup flag
  ['signup without query', none, '/signup', '', null, { 'custom-signup': true }],
  ['signup with lead_id', none, '/signup', 'lead_id=00Q1', null, { 'custom-signup': true }],
  ['signup with token query', none, '/signup', 'token=abc', null, null],
  ['signup with ms_id query', none, '/signup', 'ms_id=9', null, null],
  ['signup, flag already set', { ...none, 'custom-signup': true }, '/signup', '', null, null],
  // 5. socius users with a token
  ['socius outside settings', socius, '/dashboard/overview', '', '/dashboard/analytics', null],
  ['socius on billing', socius, '/dashboard/billing/invoices', '', '/dashboard/analytics', null],
  ['socius on analytics', socius, '/dashboard/analytics', '', null, null, false],
  [
    'socius profile',
    socius,
    '/dashboard/account-settings/profile',
    '',
    '/dashboard/account-settings/linked-accounts',
    null,
  ],
  [
    'socius settings index',
    socius,
    '/dashboard/account-settings',
    '',
    '/dashboard/account-settings/linked-accounts',
    null,
  ],
  ['socius linked-accounts', socius, '/dashboard/account-settings/linked-accounts', '', null, null, false],
  ['socius security', socius, '/dashboard/account-settings/security', '', null, null, false],
  ['socius badges', socius, '/dashboard/account-settings/badges', '', null, null, false],
  ['socius /login', socius, '/login', '', '/dashboard/analytics', null],
  ['socius without token', { ...socius, token: null }, '/dashboard/analytics', '', '/login', null],
  [
    'socius among other platforms is not restricted',
    { ...signedIn, user: user('live', 'socius') },
    '/dashboard/overview',
    '',
    null,
    null,
    false,
  ],
  // 6. signed in: /login and /signup go to overview
  ['signed in, /login', signedIn, '/login', '', '/dashboard/overview', null],
  ['signed in, /signup', signedIn, '/signup', '', '/dashboard/overview', null],
  [
    'signed in, resuming registration',
    { ...signedIn, 'reg-token': 'r', 'edit-step-2': true },
    '/signup',
    'token=r',
    null,
    null,
  ],
  ['signed in, wizard past step 1', { ...signedIn, 'custom-signup': true }, '/signup', '', null, null],
  ['signed in, section', signedIn, '/dashboard/leads', '', null, null, false],
];

describe('guard (spec part 1 §2 "Navigation guard")', () => {
  it.each(rows)('%s', (_rule, session, path, query, redirect, patch, identify = false) => {
    const decision = guard(
      session,
      path,
      query,
      path.startsWith('/dashboard') ? '/dashboard/overview' : '/login',
    );
    expect(decision.redirect).toBe(redirect);
    expect(decision.patch).toEqual(patch);
    expect(decision.identify).toBe(identify);
  });
});

describe('guard: entering the dashboard signed in (rule 7)', () => {
  const flags: GuardSession = {
    ...signedIn,
    'reg-token': 'r',
    'reg-org': { id: 1, name: 'Org' },
    'account-reg-info': { step: 2 },
    ms_id: 'ms-1',
    'custom-signup': true,
    'edit-step-2': true,
    'add-account': true,
  };

  it('clears every registration flag and identifies the user', () => {
    expect(guard(flags, '/dashboard/leads', '', '/signup')).toEqual({
      redirect: null,
      patch: {
        'reg-token': null,
        'reg-org': null,
        'account-reg-info': null,
        ms_id: null,
        'custom-signup': false,
        'edit-step-2': false,
        'add-account': false,
      },
      identify: true,
    });
  });

  it('identifies on the first load, with nothing to clear', () => {
    expect(guard(signedIn, '/dashboard/overview', '', null)).toEqual({
      redirect: null,
      patch: null,
      identify: true,
    });
  });

  it('does nothing when moving inside the dashboard', () => {
    expect(guard(flags, '/dashboard/campaigns', '', '/dashboard/leads')).toEqual({
      redirect: null,
      patch: null,
      identify: false,
    });
    // An add-account flag raised inside the dashboard survives until the user goes to sign-up.
    expect(
      guard({ ...signedIn, 'add-account': true }, '/dashboard/campaigns', '', '/dashboard/leads').patch,
    ).toEqual({
      'edit-step-2': true,
    });
  });

  it('does not flag step-2 editing when the same entry clears the flags', () => {
    const decision = guard({ ...signedIn, 'add-account': true }, '/dashboard/overview', '', '/signup');
    expect(decision.patch).toEqual({ 'add-account': false });
  });

  it('never identifies a visitor', () => {
    expect(guard(none, '/dashboard/overview', '', null).identify).toBe(false);
  });
});

describe('isSocius', () => {
  it.each([
    [[], false],
    [['socius'], true],
    [['socius', 'socius'], true],
    [['socius', 'live'], false],
    [['bpr'], false],
  ] as const)('%j -> %s', (platforms, expected) => {
    expect(isSocius(user(...platforms))).toBe(expected);
  });
});

describe('sectionTitle', () => {
  const tabs = [
    { name: 'Overview', url: '/dashboard/overview' },
    {
      name: 'Performance',
      url: '/dashboard/performance/summary',
      subtabs: [{ name: 'RevConnect', path: 'revconnect' }],
    },
  ];
  it.each([
    ['/dashboard/overview', 'Overview'],
    ['/dashboard/performance/revconnect', 'Performance · RevConnect'],
    ['/dashboard/performance/search', 'Performance · Search'],
    ['/dashboard/account-settings/linked-accounts', 'Account Settings · Linked Accounts'],
  ])('%s -> %s', (path, title) => {
    expect(sectionTitle(path, tabs)).toBe(title);
  });
});
