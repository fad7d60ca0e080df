/**
 * The company wizard on the form system: 'Next Step' checks the step in the click, shows each
 * message under its field, queues nothing; a change clears that field's message; a valid step
 * is queued and the wizard moves on. The size message is also toasted.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_MESSAGES } from '../../../../src/api/contracts/tasks';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { toastError } from '../../../../src/ui/toast';
import { CompanyForm } from '../../../../src/widgets/task-forms/company-form';
import { mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
  // No stored read and a failed one: the wizard starts empty.
  mockFetch(() => Promise.resolve(new Response('{}', { status: 500 })));
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('company wizard', () => {
  it('says what each field lacks, clears a message on change, then queues the step', async () => {
    render(<CompanyForm activityId={null} onDone={() => {}} />);
    const next = await screen.findByRole('button', { name: 'Next Step' });
    fireEvent.click(next);
    expect(screen.getByText(COMPANY_MESSAGES.quote)).toBeTruthy();
    expect(screen.getByText(COMPANY_MESSAGES.title)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Owner' } });
    expect(screen.queryByText(COMPANY_MESSAGES.title)).toBeNull();
    expect(screen.getByText(COMPANY_MESSAGES.quote)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Company Quote/), { target: { value: 'First ring.' } });
    fireEvent.change(screen.getByLabelText(/^Business Address/), { target: { value: '12 Main St' } });
    fireEvent.click(next);
    await screen.findByText('Step 2 of 4: About the company');
    expect(await db.outbox.count()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', COMPANY_MESSAGES.size));
  });
});
