import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from '../../../../src/ui/inputs/text-input';

afterEach(cleanup);

function Form() {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <TextInput id="name" label="Name" required value={value} onChange={setValue} />
      <button type="button">Other</button>
      <button type="submit">Save</button>
    </form>
  );
}

const message = () => screen.queryByText('This field is required*');

describe('text input blur message', () => {
  it('shows the required message when the user leaves the field empty', () => {
    render(<Form />);
    const input = screen.getByLabelText(/Name/);
    fireEvent.blur(input, { relatedTarget: screen.getByRole('button', { name: 'Other' }) });
    expect(message()).not.toBeNull();
  });

  it('waits for the click when the field is left for the submit button, so Save does not move', () => {
    render(<Form />);
    const input = screen.getByLabelText(/Name/);
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.blur(input, { relatedTarget: save });
    expect(message()).toBeNull();
    act(() => {
      fireEvent.click(save);
    });
    expect(message()).not.toBeNull();
  });

  it('shows it once the submit button loses focus without a click (keyboard Tab past it)', () => {
    render(<Form />);
    const input = screen.getByLabelText(/Name/);
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.blur(input, { relatedTarget: save });
    act(() => {
      fireEvent.blur(save);
    });
    expect(message()).not.toBeNull();
  });
});
