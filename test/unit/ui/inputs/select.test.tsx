import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Select } from '../../../../src/ui/inputs/select';

afterEach(cleanup);

const OPTIONS = [
  { value: 'et', label: 'Eastern' },
  { value: 'pt', label: 'Pacific' },
];

function Framed({ error, onPick }: { error?: string; onPick?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      id="zone"
      label="Time Zone"
      required
      error={error}
      placeholder="Choose a zone"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick?.(next);
      }}
    />
  );
}

describe('Select', () => {
  it('sits on the field frame: named by its label, the placeholder first, onChange with the value', () => {
    const picked: string[] = [];
    render(<Framed onPick={(value) => picked.push(value)} />);
    const select = screen.getByRole('combobox', { name: /Time Zone/ }) as HTMLSelectElement;
    expect(select.id).toBe('zone');
    expect(select.className).toBe('input');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Choose a zone'],
      ['et', 'Eastern'],
      ['pt', 'Pacific'],
    ]);
    expect(select.getAttribute('aria-required')).toBe('true');
    fireEvent.change(select, { target: { value: 'pt' } });
    expect(picked).toEqual(['pt']);
    expect(select.value).toBe('pt');
  });

  it("shows the form's message and marks the select invalid", () => {
    render(<Framed error="Please choose a time zone." />);
    const select = screen.getByRole('combobox', { name: /Time Zone/ });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('zone-error');
    expect(screen.getByText('Please choose a time zone.').id).toBe('zone-error');
  });

  it('without a label is the bare select, named by its caller, with its own class', () => {
    render(
      <label>
        <span>Sort by</span>
        <Select className="compact" value="pt" options={OPTIONS} disabled onChange={() => undefined} />
      </label>,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(select.className).toBe('input compact');
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('pt');
    expect(select.closest('.field')).toBeNull();
  });
});
