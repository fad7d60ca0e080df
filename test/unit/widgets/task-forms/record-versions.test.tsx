/**
 * Task forms that edit a record which outlives the task (business and company details) send the
 * version of the record they showed, on real Dexie with the stored reads and a network that never
 * answers: the business details save carries the read's version (and never the read's `version`
 * field itself); the company wizard's steps are based on the version shown plus one for each step
 * the form queued before (step 1 may be delivered before the read is refreshed); the lead
 * transfer task sends the linked account's settings_version, as Account Settings does; the
 * profile's logo upload and removal send the logo_version shown, the removal one past an unsent
 * upload. Task writes without a record (a license) carry none.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import { LogoControls } from '../../../../src/features/account-settings/logo-controls';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { bodyText, storeResponse } from '../../../../src/sync/response-cache';
import {
  BUSINESS_DETAILS_PATH,
  BusinessDetailsForm,
} from '../../../../src/widgets/task-forms/business-details-form';
import { COMPANY_PATH, CompanyForm } from '../../../../src/widgets/task-forms/company-form';
import { LeadTransferForm } from '../../../../src/widgets/task-forms/lead-transfer-form';
import { submitTask } from '../../../../src/widgets/task-forms/task-api';
import { mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const USER = 7;
const hours = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  is_opened: false,
  is_24_hours: false,
  from: null,
  to: null,
}));
const company = {
  company_quote: 'We answer on the first ring.',
  first_name: 'Dana',
  last_name: 'Reyes',
  title: 'Owner',
  business_address: '12 Main St, Austin, TX 78701',
  founder: 'Ana Reyes',
  established_year: 1998,
  owned: ['family_owned'],
  other_owned: '',
  operations_hours: hours,
  emp_distinctions: ['wear_uniforms'],
  completed_step: 4,
  version: 5,
};
const stored = (path: string, data: unknown) =>
  storeResponse({ userId: USER, method: 'GET', url: `/api/v1${path}`, data });
const bodies = async () =>
  (await db.outbox.orderBy('id').toArray()).map((item) =>
    item.body.kind === 'json' ? item.body.json : null,
  );

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: USER });
  markNetworkSuccess();
  mockFetch(() => new Promise<Response>(() => undefined));
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('task forms that edit a record send the version they showed', () => {
  it('business details: the read version, not the read version field', async () => {
    await stored(BUSINESS_DETAILS_PATH, {
      business_detail: {
        special_offers: 'Free estimates',
        guarantees: 'One year',
        accolades: '',
        version: 3,
      },
    });
    render(<BusinessDetailsForm activityId={12} onDone={() => {}} />);
    await screen.findByDisplayValue('Free estimates');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(await bodies()).toEqual([
      {
        special_offers: 'Free estimates',
        guarantees: 'One year',
        accolades: '',
        activity_id: 12,
        based_on_version: 3,
      },
    ]);
  });

  it('company wizard: each step one past the step before, from the version shown', async () => {
    await stored(COMPANY_PATH, { company_detail: company });
    render(<CompanyForm activityId={null} onDone={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next Step' }));
    await screen.findByText('Step 2 of 4: About the company');
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByText('Step 3 of 4: Operations hours');
    const sent = await bodies();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ step: '1', company_quote: company.company_quote, based_on_version: 5 });
    expect(sent[1]).toMatchObject({ step: '2', founder: 'Ana Reyes', based_on_version: 6 });
  });

  it('lead transfer details: the linked account settings_version the form was filled from', async () => {
    const settings = {
      destination_phone: '5125550111',
      destination_phone_2: '',
      destination_phone_3: '',
      sms_phone: '',
      sms_phone_2: '',
      sms_phone_3: '',
      email_notification: 'leads@reyes-air.example',
      email_notification_2: '',
      email_notification_3: '',
    };
    await storeResponse({
      userId: USER,
      method: 'POST',
      url: '/api/v1/client/accounts/summary',
      body: bodyText({}),
      data: {
        can_add_account: false,
        accounts: [
          {
            ref_id: 'LIVE-1',
            brand: null,
            name: 'Reyes Live',
            username: null,
            platform: 'live',
            status: 'active',
            has_settings: true,
            show_multiple_destination_phones: false,
            settings,
            settings_version: 8,
          },
        ],
      },
    });
    render(<LeadTransferForm activityId={21} refId="LIVE-1" multiple={false} onDone={() => {}} />);
    await screen.findByDisplayValue('leads@reyes-air.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await bodies())[0]).toMatchObject({
      destination_phone: '5125550111',
      activity_id: 21,
      based_on_version: 8,
    });
  });

  it('logo: the upload and the removal send the version shown, the removal after the upload', async () => {
    render(<LogoControls logoUrl="/api/v1/logos/abc" logoVersion={4} initial="R" onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change Logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Logo' });
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
      'new.png',
      {
        type: 'image/png',
      },
    );
    // The form's code loads lazily (logo-controls.tsx): its file input shows once it is here.
    const input = await waitFor(() => {
      const found = dialog.querySelector('input[type=file]');
      if (!found) throw new Error('the logo form has not loaded yet');
      return found as HTMLInputElement;
    });
    fireEvent.change(input, { target: { files: [png] } });
    await screen.findByRole('img', { name: 'Logo preview' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Logo' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    const items = await db.outbox.orderBy('id').toArray();
    expect(items.map((item) => [item.method, item.url])).toEqual([
      ['POST', '/activities/upload_logo'],
      ['DELETE', '/activities/logo'],
    ]);
    expect(await bodies()).toEqual([
      { logo: { $upload: 0, $field: 'signed_id' }, activity_id: null, based_on_version: 4 },
      { based_on_version: 5 },
    ]);
  });

  it('a task write without a record carries no version', async () => {
    await submitTask({
      userId: USER,
      activityId: 3,
      key: 'verify_license',
      path: '/activities/verify_license',
      label: 'License',
      body: { number: 'A-1' },
    });
    expect(await bodies()).toEqual([{ number: 'A-1', activity_id: 3 }]);
  });
});
