import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, peekSession } from '../../../../src/db/session';
import { setPasswordValidators } from '../../../../src/features/auth/set-password-form';
import { messages } from '../../../../src/lib/validation';
import { json } from '../../api/fetch-mock';
import { loginResponse, openAt, serve, userCalls } from './fixtures';

const PASSWORD_RULE =
  'A minimum 8 characters password contains a combination of uppercase and lowercase letter and number. Special characters are required.';

beforeEach(async () => {
  await clearSession();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('forgot and email-sent modes', () => {
  it('validates the email with the login messages before any call', async () => {
    const calls = serve({});
    await openAt('/login');
    fireEvent.change(field('Email'), { target: { value: 'x@y.co' } });
    click('Forgot password');
    await screen.findByRole('heading', { name: 'Forgot password' });
    // The email typed in login mode comes along.
    expect(field('Email').value).toBe('x@y.co');
    fireEvent.change(field('Email'), { target: { value: '' } });
    click('Send Email');
    expect(await screen.findByText('Please enter your email*')).toBeTruthy();
    fireEvent.change(field('Email'), { target: { value: ' not-valid ' } });
    fireEvent.blur(field('Email'));
    expect(field('Email').value).toBe('not-valid');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(userCalls(calls)).toHaveLength(0);
  });

  it('checks the email through the validation call, then asks for the reset mail', async () => {
    const calls = serve({
      'GET /api/v1/validate/email': () => json(200, { valid: true }),
      'POST /api/v1/client/password_reset': () =>
        json(200, { message: 'An email has been sent to your email address.' }),
    });
    await openAt('/login');
    click('Forgot password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' owner@demo.test ' } });
    await act(async () => click('Send Email'));

    expect(await screen.findByRole('heading', { name: 'Email has been sent' })).toBeTruthy();
    expect(screen.getByText('Email Sent')).toBeTruthy();
    expect(screen.getByText('An email has been sent to your email address.')).toBeTruthy();
    expect(userCalls(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/validate/email?value=owner@demo.test',
      'POST /api/v1/client/password_reset',
    ]);
    expect(calls[1].body).toEqual({ email: 'owner@demo.test' });

    await act(async () => click('Resend Email'));
    // The screen's own waits get 5 s (test/unit/setup.ts); vi.waitFor's default is 1 s, which a
    // busy machine overran once (CI, the retry passed).
    await vi.waitFor(() => expect(userCalls(calls)).toHaveLength(4), { timeout: 5000 });

    click('Back to Login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(field('Email').value).toBe('');
  });

  it('says the email is invalid when the validation call does', async () => {
    const calls = serve({ 'GET /api/v1/validate/email': () => json(200, { valid: false }) });
    await openAt('/login');
    click('Forgot password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'owner@demo.test' } });
    await act(async () => click('Send Email'));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(userCalls(calls)).toHaveLength(1);
  });

  it('Back to Login leaves forgot mode', async () => {
    serve({});
    await openAt('/login');
    click('Forgot password');
    click('Back to Login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('set-password mode', () => {
  const link = '/login?code=123456&email=owner%40demo.test&user_id=7&first_name=Maria';

  it('opens from the link, keeps the code read-only and clears the query', async () => {
    serve({});
    await openAt(link, 'Set Password');
    expect(field('Code').value).toBe('123456');
    expect(field('Code').readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    await vi.waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/login');
  });

  it('switches title and button with the welcome flag', async () => {
    serve({});
    await openAt(`${link}&welcome=true`, 'Welcome to Customer Portal');
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeTruthy();
  });

  it('shows every password message verbatim', async () => {
    const calls = serve({});
    await openAt(link, 'Set Password');
    click('Reset Password');
    expect(await screen.findAllByText('This field is required*')).toHaveLength(2);

    fireEvent.change(field('New password'), { target: { value: 'short' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'other' } });
    click('Reset Password');
    expect(await screen.findByText(PASSWORD_RULE)).toBeTruthy();
    expect(screen.getByText('Does Not match password')).toBeTruthy();
    expect(userCalls(calls)).toHaveLength(0);
  });

  it('code rule: required', () => {
    expect(setPasswordValidators.code('')).toBe('Please enter your code*');
    expect(setPasswordValidators.code('123456')).toBeNull();
    expect(messages.codeRequired).toBe('Please enter your code*');
  });

  it('shows the server field error and then succeeds back to login with the email', async () => {
    let attempt = 0;
    const calls = serve({
      'POST /api/v1/client/password': () =>
        ++attempt === 1
          ? json(422, { errors: { code: ['This code is invalid or has expired'] } })
          : json(200, { message: 'Your password has been reset successfully.' }),
    });
    await openAt(link, 'Set Password');
    fireEvent.change(field('New password'), { target: { value: 'New-pass-123!' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'New-pass-123!' } });
    await act(async () => click('Reset Password'));
    expect(await screen.findByText('This code is invalid or has expired')).toBeTruthy();
    expect(userCalls(calls)[0].body).toEqual({
      code: '123456',
      password: 'New-pass-123!',
      confirmed_password: 'New-pass-123!',
      user_id: '7',
      welcome: false,
    });

    await act(async () => click('Reset Password'));
    expect(await screen.findByText('Password Reset')).toBeTruthy();
    expect(screen.getByText('Your password has been reset successfully.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(field('Email').value).toBe('owner@demo.test');
  });
});

describe('registration link', () => {
  const authenticated = {
    payload: { token: 'tok-reg', user_id: 9, email: 'new@demo.test' },
    user: {
      first_name: 'Nia',
      last_name: 'Reyes',
      email: 'new@demo.test',
      job_title: null,
      business_name: null,
      platforms: [],
    },
    org: { id: 3, name: 'Reyes Roofing' },
  };

  it('authenticates the token behind a spinner and goes on to /signup', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = serve({
      'POST /api/v1/client/authenticate': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const visited: string[] = [];
    const record = () => visited.push(window.location.pathname + window.location.search);
    window.addEventListener('replaceState', record);
    await openAt('/login?token=reg-xyz');
    expect(screen.getByRole('status', { name: 'Checking your registration link…' })).toBeTruthy();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => answer(json(200, authenticated)));
    await vi.waitFor(() => expect(visited).toContain('/signup?token=reg-xyz'));
    expect(calls[0].headers.get('Authorization')).toBe(`Basic ${btoa('reg-xyz:')}`);
    window.removeEventListener('replaceState', record);
  });

  it('stays on /login with the error when the token is refused', async () => {
    serve({
      'POST /api/v1/client/authenticate': () =>
        json(422, { errors: 'This registration link is invalid or has expired' }),
    });
    await openAt('/login?token=bad');
    await screen.findByRole('button', { name: 'Sign in' });
    const notice = document.querySelector('.auth-card .form__notice');
    expect(notice?.textContent).toBe('This registration link is invalid or has expired');
    expect(notice?.getAttribute('role')).toBe('alert');
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
    expect(peekSession()).toMatchObject({ token: null, 'reg-token': null });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('one-time sign-in link (issue 47)', () => {
  it('signs in with the mailed token behind the spinner and clears it from the address bar', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = serve({
      'POST /api/v1/client/sign_in_link': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await openAt('/login?sign_in_token=link-abc');
    expect(
      screen.getByRole('status', { name: 'Signing you in with the link from your email…' }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(userCalls(calls)).toHaveLength(1));
    expect(userCalls(calls)[0].body).toEqual({ token: 'link-abc' });
    await act(async () => answer(json(200, loginResponse)));
    await vi.waitFor(() => expect(peekSession().token).toBe(loginResponse.token));
    await vi.waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).not.toBe('/login');
  });

  it('stays on /login with the error when the link is used or expired', async () => {
    serve({
      'POST /api/v1/client/sign_in_link': () =>
        json(422, { errors: 'This sign-in link is invalid, used or expired. Please sign in again.' }),
    });
    await openAt('/login?sign_in_token=old');
    await screen.findByRole('button', { name: 'Sign in' });
    await vi.waitFor(() =>
      expect(document.querySelector('.auth-card .form__notice')?.textContent).toBe(
        'This sign-in link is invalid, used or expired. Please sign in again.',
      ),
    );
    expect(window.location.search).toBe('');
    expect(peekSession().token).toBeNull();
  });
});
