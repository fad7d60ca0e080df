import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../../src/app/app';
import {
  clearSession,
  getSession,
  peekSession,
  setSession,
  subscribeSession,
} from '../../../../src/db/session';
import { json, mockFetch } from '../../api/fetch-mock';
import { loginResponse, serve, userCalls } from './fixtures';

async function openLogin() {
  window.history.replaceState(null, '', '/login');
  render(<App />);
  const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
  const password = screen.getByLabelText('Password') as HTMLInputElement;
  return { email, password, submit: screen.getByRole('button', { name: 'Sign in' }) };
}

beforeEach(async () => {
  await clearSession();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoginPage, login mode', () => {
  it('shows the required messages and sends nothing', async () => {
    const calls = mockFetch(() => json(500, {}));
    const { submit } = await openLogin();
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter your email*')).toBeTruthy();
    expect(screen.getByText('Please enter your password*')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('trims the email on blur and flags an invalid one', async () => {
    mockFetch(() => json(500, {}));
    const { email } = await openLogin();
    fireEvent.change(email, { target: { value: '  not-an-email  ' } });
    fireEvent.blur(email);
    expect(email.value).toBe('not-an-email');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('toggles the password visibility with an accessible button', async () => {
    mockFetch(() => json(500, {}));
    const { password } = await openLogin();
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('links to sign-up and the three sister-brand portals', async () => {
    mockFetch(() => json(500, {}));
    await openLogin();
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    const brands = screen.getByRole('navigation', { name: 'Other customer portals' });
    const links = brands.querySelectorAll('a');
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('submits on Enter, stores the session, toasts and lands on the first tab', async () => {
    const calls = serve({ 'POST /api/v1/client/create_session': () => json(200, loginResponse) });
    const { email, password } = await openLogin();
    fireEvent.change(email, { target: { value: ' owner@demo.test ' } });
    fireEvent.change(password, { target: { value: 'Portal-demo-1!' } });
    fireEvent.keyDown(password, { key: 'Enter' });

    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(userCalls(calls)).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/v1/client/create_session',
      method: 'POST',
      body: { email: 'owner@demo.test', password: 'Portal-demo-1!' },
    });
    expect(window.location.pathname).toBe('/dashboard/leads');
    // The dashboard shell is a lazy chunk: under load it takes longer than findBy's 1 s default.
    expect((await screen.findAllByText('Maria Alvarez', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(peekSession()).toMatchObject({ token: 'tok-123', user_id: 42, tabs: loginResponse.tabs });
    expect((await getSession()).user?.first_name).toBe('Maria');
  });

  it('goes on to sign-up step 2 in edit state when a registration token is stored', async () => {
    await setSession({ 'reg-token': 'reg-abc' });
    serve({ 'POST /api/v1/client/create_session': () => json(200, loginResponse) });
    const { email, password, submit } = await openLogin();
    fireEvent.change(email, { target: { value: 'owner@demo.test' } });
    fireEvent.change(password, { target: { value: 'Portal-demo-1!' } });
    // The wizard's route is wired by its feature: watch where the page goes and what it stores.
    const visited: string[] = [];
    const record = () => visited.push(window.location.pathname + window.location.search);
    window.addEventListener('replaceState', record);
    const stored = vi.fn();
    const unsubscribe = subscribeSession(() => stored({ ...peekSession() }));
    await act(async () => {
      fireEvent.click(submit);
    });
    await vi.waitFor(() => expect(visited[0]).toBe('/signup?token=reg-abc'));
    expect(stored.mock.calls[0][0]).toMatchObject({
      token: 'tok-123',
      'reg-token': 'reg-abc',
      'edit-step-2': true,
    });
    expect(screen.queryByText('Login Successful')).toBeNull();
    window.removeEventListener('replaceState', record);
    unsubscribe();
  });

  it('shows the server error and keeps what was typed', async () => {
    serve({ 'POST /api/v1/client/create_session': () => json(422, { errors: 'Invalid email or password' }) });
    const { email, password, submit } = await openLogin();
    fireEvent.change(email, { target: { value: 'owner@demo.test' } });
    fireEvent.change(password, { target: { value: 'wrong-password' } });
    fireEvent.click(submit);
    // Said twice: the spec's toast, and beside the form (announced; the toast goes away).
    const inline = await screen.findByText('Invalid email or password', { selector: '.form__notice' });
    expect(inline.getAttribute('role')).toBe('alert');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(
      await screen.findByText('Invalid email or password', { selector: '.toast-message__body' }),
    ).toBeTruthy();
    // Focus goes back to the password, to type it again.
    await vi.waitFor(() => expect(document.activeElement).toBe(password));
    expect(email.value).toBe('owner@demo.test');
    expect(password.value).toBe('wrong-password');
    expect(window.location.pathname).toBe('/login');
    expect(peekSession().token).toBeNull();
    // The toast comes from the api client a moment before the form hears of the failure.
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('says it needs a connection when offline, before and during the request', async () => {
    const calls = mockFetch(() => json(200, loginResponse));
    const { email, password, submit } = await openLogin();
    fireEvent.change(email, { target: { value: 'owner@demo.test' } });
    fireEvent.change(password, { target: { value: 'Portal-demo-1!' } });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(submit);
    const notice = { selector: '.form__notice' };
    expect(await screen.findByText("You're offline - this needs a connection", notice)).toBeTruthy();
    expect(calls).toHaveLength(0);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(await screen.findByText("You're offline - this needs a connection", notice)).toBeTruthy();
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    expect(email.value).toBe('owner@demo.test');
    expect(password.value).toBe('Portal-demo-1!');
  });
});
