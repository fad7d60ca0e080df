import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from '../../../../src/ui/form/form-field';
import { useRulesForm } from '../../../../src/ui/form/use-rules-form';
import { RadioGroup } from '../../../../src/ui/inputs/radio-group';

afterEach(cleanup);

const FEES = [
  { value: 'yes', label: 'Yes' },
  { value: 'some', label: 'Some' },
  { value: 'no', label: 'No' },
] as const;

function Fee({ error }: { error?: string }) {
  const [fee, setFee] = useState<string>('no');
  return (
    <>
      <RadioGroup
        className="choice"
        optionClassName="choice__option"
        legend="Do you charge an estimate fee?"
        name="fee"
        options={FEES}
        value={fee}
        error={error}
        onChange={setFee}
      />
      <output>{fee}</output>
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('RadioGroup', () => {
  it('is a group named by its legend whose radios share one name, the chosen one checked', () => {
    render(<Fee />);
    const group = screen.getByRole('group', { name: 'Do you charge an estimate fee?' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.name)).toEqual(['fee', 'fee', 'fee']);
    expect(radio('No').checked).toBe(true);
    expect(radio('No').closest('label')?.hasAttribute('data-selected')).toBe(true);
    expect(radio('Yes').closest('label')?.hasAttribute('data-selected')).toBe(false);
  });

  it('chooses an option from a click on its text and reports its value', () => {
    render(<Fee />);
    fireEvent.click(screen.getByText('Some'));
    expect(radio('Some').checked).toBe(true);
    expect(radio('No').checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('some');
  });

  it('shows its error and is described by it', () => {
    render(<Fee error="Choose one" />);
    const group = screen.getByRole('group', { name: 'Do you charge an estimate fee?' });
    const described = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Choose one');
  });

  it('keeps numeric values and a legend read by screen readers only', () => {
    function Hours() {
      const [hours, setHours] = useState(3);
      return (
        <RadioGroup
          legend="How long?"
          hideLegend
          name="hours"
          options={[
            { value: 3, label: '3 hours' },
            { value: 12, label: '12 hours' },
          ]}
          value={hours}
          onChange={setHours}
        />
      );
    }
    render(<Hours />);
    expect(screen.getByText('How long?').className).toBe('visually-hidden');
    fireEvent.click(radio('12 hours'));
    expect(radio('12 hours').checked).toBe(true);
    expect(radio('12 hours').value).toBe('12');
  });

  it('bound with FormField: a missing choice shows the rule message and focuses the first radio', () => {
    function Choice() {
      const form = useRulesForm({
        defaultValues: { use_stock: '' },
        rules: { use_stock: (value) => (value ? null : 'This field is required*') },
      });
      return (
        <form onSubmit={form.submitWith(() => undefined)}>
          <FormField form={form} name="use_stock">
            {(field) => (
              <RadioGroup
                {...field}
                legend="How would you like to provide your brand assets?"
                options={[
                  { value: 'no', label: 'Upload my own' },
                  { value: 'yes', label: 'Use stock imagery' },
                ]}
              />
            )}
          </FormField>
          <button type="submit">Next</button>
        </form>
      );
    }
    render(<Choice />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    expect(screen.getByText('This field is required*')).toBeTruthy();
    expect(document.activeElement).toBe(radio('Upload my own'));
    act(() => {
      fireEvent.click(radio('Use stock imagery'));
    });
    expect(radio('Use stock imagery').checked).toBe(true);
    expect(screen.queryByText('This field is required*')).toBeNull();
  });
});
