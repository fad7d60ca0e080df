/**
 * A section's form follows the server's values once they change (a save delivered after the
 * section mounted: the stale screen of issue 25), but never over the user's own edits or a save
 * of theirs still waiting.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerValues } from '../../../../src/features/account-settings/use-server-values';

type Values = { service_area: string };
type Save = { pending: boolean; typed: unknown; failed: string | null };
const idle: Save = { pending: false, typed: null, failed: null };

function Section({ server, save }: { server: Values; save: Save }) {
  const form = useForm<Values>({ defaultValues: server });
  useServerValues(form, server, save);
  return <input aria-label="Service Area" {...form.register('service_area')} />;
}

const field = () => screen.getByLabelText('Service Area') as HTMLInputElement;

afterEach(cleanup);

describe('useServerValues', () => {
  it('shows the delivered value when the stored read changes after the form mounted', async () => {
    const view = render(<Section server={{ service_area: 'Before the edit' }} save={idle} />);
    expect(field().value).toBe('Before the edit');
    view.rerender(<Section server={{ service_area: 'Delivered' }} save={idle} />);
    await act(async () => {});
    expect(field().value).toBe('Delivered');
  });

  it('keeps what the user is typing', async () => {
    const view = render(<Section server={{ service_area: 'Before' }} save={idle} />);
    await act(async () => {
      field().focus();
    });
    // Typed but not saved: the form is dirty.
    const input = field();
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, 'Typing');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    view.rerender(<Section server={{ service_area: 'Elsewhere' }} save={idle} />);
    await act(async () => {});
    expect(field().value).toBe('Typing');
  });

  it('keeps what a save still waiting holds', async () => {
    const waiting = render(<Section server={{ service_area: 'Old' }} save={idle} />);
    waiting.rerender(
      <Section server={{ service_area: 'New' }} save={{ pending: true, typed: { x: 1 }, failed: null }} />,
    );
    await act(async () => {});
    expect((waiting.getByLabelText('Service Area') as HTMLInputElement).value).toBe('Old');
  });
});
