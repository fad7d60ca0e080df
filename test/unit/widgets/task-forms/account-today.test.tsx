/**
 * A licence or an insurance certificate expiring today is accepted in the account's evening:
 * at 20:00 in America/Chicago (the account's zone 'ct') UTC is already the next day, and the
 * forms must still take today (the account's day) as not past. Real Dexie with the stored reads;
 * only Date is faked.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATH } from '../../../../src/api/contracts/session';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { storeResponse } from '../../../../src/sync/response-cache';
import { INSURANCE_PATH, InsuranceForm } from '../../../../src/widgets/task-forms/insurance-form';
import { LicenseForm } from '../../../../src/widgets/task-forms/license-form';
import { mockFetch } from '../../api/fetch-mock';

const USER = 7;
// 20:00 CDT on 10 March 2026 is 01:00 UTC on 11 March.
const EVENING_IN_CHICAGO = new Date('2026-03-11T01:00:00Z');
const settings = {
  tabs: [],
  platforms: [],
  review_types: [],
  time_zone: 'ct',
  providers: [],
  show_revconnect: false,
};
const stored = (path: string, data: unknown) =>
  storeResponse({ userId: USER, method: 'GET', url: `/api/v1${path}`, data });

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(EVENING_IN_CHICAGO);
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: USER });
  await stored(SETTINGS_PATH, settings);
  markNetworkSuccess();
  mockFetch(() => new Promise<Response>(() => undefined));
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await clearSession();
});

describe("task forms take today as the account's day", () => {
  it('license: an expiration date of today (Chicago) is not past at 20:00 there', async () => {
    render(<LicenseForm activityId={12} onDone={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    const date = await screen.findByLabelText(/Expiration Date/);
    await waitFor(() => expect(date.getAttribute('min')).toBe('2026-03-10'));
    fireEvent.change(date, { target: { value: '2026-03-10' } });
    fireEvent.blur(date);
    expect(screen.queryByText('License expiration date cannot be in the past')).toBeNull();
    fireEvent.change(date, { target: { value: '2026-03-09' } });
    fireEvent.blur(date);
    await screen.findByText('License expiration date cannot be in the past');
  });

  it('insurance renewal: a certificate expiring today (Chicago) does not block submit', async () => {
    await stored(INSURANCE_PATH, {
      insurance: {
        general_expiration_date: '2026-03-10',
        general_liability_insurance_certificate: [],
        workers_compensation: false,
        workers_comp_expiration_date: null,
        workers_compensation_policies: [],
        activity_id: null,
      },
    });
    render(<InsuranceForm mode="general" activityId={null} onDone={() => {}} />);
    const date = await screen.findByDisplayValue('2026-03-10');
    await waitFor(() => expect(date.getAttribute('min')).toBe('2026-03-10'));
    expect(screen.queryByText('The expiration date cannot be in the past')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
  });
});
