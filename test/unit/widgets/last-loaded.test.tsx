/**
 * The last loaded range (widgets/last-loaded): remembered per user and screen once the server has
 * answered, so another user on the device is never offered someone else's filters.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../src/db/session';
import { readLastLoaded, useRememberLoaded } from '../../../src/widgets/last-loaded/last-loaded';

function Screen({ value, loaded }: { value: { start: string }; loaded: boolean }) {
  useRememberLoaded('invoices', value, loaded);
  return null;
}

beforeEach(async () => {
  localStorage.clear();
  await setSession({ token: 'tok', user_id: 7 });
});
afterEach(async () => {
  cleanup();
  await clearSession();
});

describe('last loaded', () => {
  it('remembers only what the server answered, for the user who loaded it', async () => {
    const { rerender } = render(<Screen value={{ start: '2026-10-01' }} loaded={false} />);
    expect(readLastLoaded('invoices')).toBeNull();
    rerender(<Screen value={{ start: '2026-11-01' }} loaded />);
    expect(readLastLoaded('invoices')).toEqual({ start: '2026-11-01' });
    expect(readLastLoaded('invoices', 8)).toBeNull();
    await setSession({ token: 'other', user_id: 8 });
    expect(readLastLoaded('invoices')).toBeNull();
  });
});
