/** How an entry to /signup decides the wizard (query, stored progress, session flags). */
import { describe, expect, it } from 'vitest';
import { emptySession } from '../../../../src/db/session';
import {
  enterWizard,
  newWizard,
  restoreWizard,
  storable,
} from '../../../../src/features/signup/wizard-state';

const session = (patch: Partial<ReturnType<typeof emptySession>> = {}) => ({ ...emptySession(), ...patch });

describe('enterWizard', () => {
  it('starts the standard flow at step 1 without a query', () => {
    const entry = enterWizard('', session());
    expect(entry.state).toMatchObject({ flow: 'standard', variant: 'default', step: 1 });
    expect(entry.verify).toBe(false);
  });

  it('starts the legacy flow for an ms_id and stores it', () => {
    const entry = enterWizard('?ms_id=MS-1001', session());
    expect(entry.state.flow).toBe('legacy');
    expect(entry.patch).toEqual({ ms_id: 'MS-1001' });
  });

  it('starts the custom flow for a lead_id, prefilled on prefill=1', () => {
    expect(enterWizard('?lead_id=00Q-1', session()).state).toMatchObject({
      flow: 'custom',
      variant: 'default',
      lead_id: '00Q-1',
    });
    expect(enterWizard('?lead_id=00Q-1&prefill=1', session()).state.variant).toBe('prefilled');
  });

  it("keeps a legacy or lead link's key (its pass), and the stored one when reopened without it", () => {
    expect(enterWizard('?ms_id=MS-1001&key=legacy-key', session()).state.link_key).toBe('legacy-key');
    const lead = enterWizard('?lead_id=00Q-1&key=lead-key', session()).state;
    expect(lead.link_key).toBe('lead-key');
    const stored = { 'account-reg-info': { ...lead, step: 2, registered: true } };
    expect(enterWizard('?lead_id=00Q-1', session(stored)).state).toMatchObject({
      step: 2,
      link_key: 'lead-key',
    });
    expect(enterWizard('?lead_id=00Q-1&key=newer', session(stored)).state.link_key).toBe('newer');
    expect(enterWizard('?lead_id=00Q-1', session()).state.link_key).toBeNull();
  });

  it('starts the pay-per-call flavour on the legacy step set', () => {
    expect(enterWizard('?flow=pay-per-call', session()).state).toMatchObject({
      flow: 'legacy',
      variant: 'pay-per-call',
    });
  });

  it('resumes a registration link at step 2 and verifies it', () => {
    const entry = enterWizard('?token=abc', session({ token: 't', user_id: 1, 'reg-token': 'abc' }));
    expect(entry.state).toMatchObject({ flow: 'standard', step: 2, registered: true });
    expect(entry.verify).toBe(true);
  });

  it('forces step 2 when adding an account', () => {
    const entry = enterWizard(
      '',
      session({ token: 't', user_id: 1, 'add-account': true, 'edit-step-2': true }),
    );
    expect(entry.state).toMatchObject({ flow: 'standard', step: 2, add_account: true });
  });

  it('resumes stored progress after a reload, and the same link opened again', () => {
    const stored = newWizard('legacy', 'default', {
      step: 3,
      registered: true,
      values: { name: 'Hillcrest' },
    });
    expect(enterWizard('', session({ token: 't', user_id: 1, 'account-reg-info': stored })).state).toEqual(
      stored,
    );
    expect(
      enterWizard(
        '?ms_id=MS-1001',
        session({ token: 't', user_id: 1, ms_id: 'MS-1001', 'account-reg-info': stored }),
      ).state,
    ).toEqual(stored);
    expect(
      enterWizard('?ms_id=MS-1002', session({ ms_id: 'MS-1001', 'account-reg-info': stored })).state.step,
    ).toBe(1);
  });

  it('keeps a stored step in range', () => {
    const stored = newWizard('custom', 'default', { step: 7 });
    expect(enterWizard('', session({ 'account-reg-info': stored })).state.step).toBe(2);
  });
});

describe('stored progress', () => {
  it('drops malformed progress', () => {
    expect(restoreWizard({ flow: 'nope', step: 1 })).toBeNull();
    expect(restoreWizard(null)).toBeNull();
    expect(restoreWizard(newWizard('standard'))).toEqual(newWizard('standard'));
  });

  it('never stores the passwords', () => {
    const state = newWizard('standard', 'default', {
      values: { email: 'a@b.c', password: 'x', confirm_password: 'x' },
    });
    expect(storable(state).values).toEqual({ email: 'a@b.c' });
  });
});
