/**
 * The status switch with the real Dexie outbox (the sender is not running here): pausing asks
 * for a duration (3 hours by default), queues exactly that write with its tag, and shows the
 * paused state with 'Pending' at once; a refused write shows the server's message and the chosen
 * duration. Also the targeting button's label rule.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import { setCampaignStatus, statusTag } from '../../../../src/features/campaigns/campaigns-api';
import { targetLabel } from '../../../../src/features/campaigns/county-item';
import { StatusToggle } from '../../../../src/features/campaigns/status-toggle';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const campaign = { id: 41, name: 'HVAC - Austin', platform: 'live', product: 'pay_per_call' };

function renderToggle(status: 'active' | 'paused' = 'active', blocked: string | null = null) {
  return render(
    <StatusToggle
      kind="Campaign"
      name={campaign.name}
      status={status}
      serverPending={false}
      blocked={blocked}
      tag={statusTag(campaign.id)}
      send={(body) => setCampaignStatus(7, campaign, body)}
    />,
  );
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
});

afterEach(async () => {
  cleanup();
  await clearSession();
});

describe('campaign status switch', () => {
  it('asks how long (3 hours by default), queues that pause and shows Pending at once', async () => {
    renderToggle();
    fireEvent.click(screen.getByRole('switch', { name: 'Campaign HVAC - Austin active' }));
    const three = await screen.findByLabelText('3 hours');
    expect((three as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('3 days')).toBeTruthy();
    expect(screen.getByLabelText('7 days')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('48 hours'));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await screen.findByText('Pending');
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0].url).toContain('/live/campaigns/41/settings/update_status');
    expect(items[0].body).toEqual({ kind: 'json', json: { status: 'paused', pause_duration: 48 } });
    expect(items[0].tag).toEqual({ type: 'campaign-status', id: 41 });
    const toggle = screen.getByRole('switch', { name: 'Campaign HVAC - Austin paused' });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a refusal with the chosen duration kept', async () => {
    renderToggle();
    const id = await setCampaignStatus(7, campaign, { status: 'paused', pause_duration: 72 });
    await db.outbox.update(id, { status: 'failed', error: 'This account is locked.' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This account is locked.'));
    expect(screen.getByRole('alert').textContent).toContain('Pause for 3 days refused');
  });

  it('is disabled with the reason when the status may not be changed', () => {
    renderToggle('active', 'The account is locked');
    const toggle = screen.getByRole('switch') as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(toggle.title).toBe('The account is locked');
  });
});

describe('targeting button label', () => {
  it("reads 'Target All' with no zip chosen, 'Update' with some, 'Target' with all", () => {
    expect(targetLabel(0, 5)).toBe('Target All');
    expect(targetLabel(2, 5)).toBe('Update');
    expect(targetLabel(5, 5)).toBe('Target');
  });
});
