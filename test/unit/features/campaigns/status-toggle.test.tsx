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

function renderToggle(
  status: 'active' | 'paused' = 'active',
  blocked: string | null = null,
  pausedUntil: string | null = null,
) {
  return render(
    <StatusToggle
      kind="Campaign"
      name={campaign.name}
      status={status}
      serverPending={false}
      blocked={blocked}
      tag={statusTag(campaign.id)}
      send={(body) => setCampaignStatus(7, campaign, body)}
      pausedUntil={pausedUntil}
      zone="America/Chicago"
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
    const toggle = screen.getByRole('switch', { name: 'Campaign HVAC - Austin active' });
    // Offered once the outbox has said nothing waits.
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    // A click focuses a button in the browser (not in happy-dom's fireEvent).
    toggle.focus();
    fireEvent.click(toggle);
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
    const paused = screen.getByRole('switch', { name: 'Campaign HVAC - Austin paused' });
    // While it waits the switch is marked disabled but keeps the keyboard's focus (the dialog gave
    // it back), and a click asks nothing.
    expect(paused.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(paused));
    fireEvent.click(paused);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });

  it('shows a refusal with the chosen duration kept', async () => {
    renderToggle();
    const id = await setCampaignStatus(7, campaign, { status: 'paused', pause_duration: 72 });
    await db.outbox.update(id, { status: 'failed', error: 'This account is locked.' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This account is locked.'));
    expect(screen.getByRole('alert').textContent).toContain('Pause for 3 days refused');
  });

  it("says until when a timed pause lasts (the account's zone) and Resume now queues the activation", async () => {
    const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const clock = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(Date.parse(until));
    renderToggle('paused', null, until);
    // Later today or (near midnight in Chicago) tomorrow's weekday: the time is the zone's.
    expect((await screen.findByText(/^Paused until /)).textContent).toContain(clock);
    // Offered once the outbox has said nothing waits, as the switch is.
    await screen.findByRole('button', { name: `Resume now: ${campaign.name}` });
    fireEvent.click(screen.getByRole('button', { name: `Resume now: ${campaign.name}` }));
    await screen.findByText('Pending');
    const items = await db.outbox.toArray();
    expect(items.map((i) => i.body)).toEqual([{ kind: 'json', json: { status: 'active' } }]);
    expect(items[0].label).toBe('Activate campaign HVAC - Austin');
    // While it waits, neither the switch nor a second Resume now is offered.
    expect(screen.queryByRole('button', { name: /^Resume now/ })).toBeNull();
    // Marked disabled, yet focusable: the keyboard's focus went from Resume now to the switch.
    expect(screen.getByRole('switch').getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('switch'));
  });

  it('offers no Resume now for a locked campaign, nor once the pause has ended', async () => {
    renderToggle('paused', 'The account is locked', new Date(Date.now() + 3_600_000).toISOString());
    await screen.findByText(/^Paused until /);
    expect(screen.queryByRole('button', { name: /^Resume now/ })).toBeNull();
    cleanup();
    renderToggle('paused', null, new Date(Date.now() - 60_000).toISOString());
    await screen.findByText(/^Pause ended /);
    expect(screen.queryByRole('button', { name: /^Resume now/ })).toBeNull();
  });

  it('offers no second change over a queued one, from the very first render, and refuses one on the device', async () => {
    await setCampaignStatus(7, campaign, { status: 'paused', pause_duration: 12 });
    renderToggle();
    // Before the outbox has answered, the switch is already off (it used to offer Activate here).
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
    await screen.findByText('Pending');
    expect(screen.getByText('Pending').getAttribute('title')).toBe('Pause for 12 hours: waiting to be sent');
    expect(screen.getByRole('switch', { name: /paused$/ }).getAttribute('aria-disabled')).toBe('true');
    // Another tab (or a stale screen) asking anyway is refused before anything is queued.
    await expect(setCampaignStatus(7, campaign, { status: 'active' })).rejects.toThrow(
      'A status change of this campaign is still waiting to be sent.',
    );
    expect(await db.outbox.count()).toBe(1);
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
