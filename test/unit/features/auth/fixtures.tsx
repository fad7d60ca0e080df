/** Shared fixtures for the sign-in screens: a login answer and a fetch stand-in routed by call. */
import { render, screen } from '@testing-library/react';
import { App } from '../../../../src/app/app';
import { type Call, json, mockFetch } from '../../api/fetch-mock';

export const loginResponse = {
  token: 'tok-123',
  user_id: 42,
  user: {
    first_name: 'Maria',
    last_name: 'Alvarez',
    email: 'owner@demo.test',
    job_title: 'Owner',
    business_name: 'Alvarez HVAC',
    platforms: [{ platform: 'live' as const }],
  },
  business_profile: null,
  show_ad: false,
  ad_type: null,
  tabs: [
    { name: 'Leads', url: '/dashboard/leads' },
    { name: 'Overview', url: '/dashboard/overview' },
  ],
};

export const settingsResponse = {
  tabs: loginResponse.tabs,
  platforms: [{ platform: 'live' }],
  review_types: [],
  time_zone: 'America/Chicago',
  providers: [],
  show_revconnect: false,
};

type Handler = (call: Call) => Response | Promise<Response>;

/** The shell's background calls answered harmlessly, so a test only routes what it is about. */
const shellDefaults: Record<string, Handler> = {
  'GET /api/v1/user/settings': () => json(200, settingsResponse),
  'GET /api/v1/notifications': () => json(200, { notifications: [] }),
  'POST /api/v1/onboarding/identify': () => json(202, { message: 'Identified' }),
  'POST /api/v1/error_report': () => json(202, {}),
};

/** Routes fetch by "METHOD /path" (query ignored); anything unrouted answers 404. */
export function serve(routes: Record<string, Handler>): Call[] {
  const all = { ...shellDefaults, ...routes };
  return mockFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    const handler = all[`${call.method} ${path}`];
    return handler ? handler(call) : json(404, { errors: 'Not found' });
  });
}

/** Calls other than the shell's background ones. */
export const userCalls = (calls: Call[]) =>
  calls.filter(
    (call) =>
      !Object.keys(shellDefaults).some(
        (key) => key === `${call.method} ${new URL(call.url, 'http://localhost').pathname}`,
      ),
  );

/** Opens the app at a path and waits for the sign-in card's heading. */
export async function openAt(path: string, heading: string | RegExp = 'Sign in') {
  window.history.replaceState(null, '', path);
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: heading });
}
