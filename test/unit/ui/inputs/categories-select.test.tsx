import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoriesSelect, type CategoryOption } from '../../../../src/ui/inputs/categories-select';

const OPTIONS: CategoryOption[] = [
  { name: 'roofing', label: 'Roofing' },
  { name: 'plumbing', label: 'Plumbing' },
  { name: 'hvac', label: 'HVAC' },
  { name: 'water_damage', label: 'Water Damage' },
];

function Harness({
  initial = [],
  error,
  onNames,
}: {
  initial?: string[];
  error?: string;
  onNames?: (n: string[]) => void;
}) {
  const [names, setNames] = useState(initial);
  return (
    <CategoriesSelect
      id="categories"
      label="Categories"
      required
      options={OPTIONS}
      value={names}
      error={error}
      onChange={(next) => {
        setNames(next);
        onNames?.(next);
      }}
    />
  );
}

const box = () => screen.getByRole('combobox') as HTMLInputElement;
const key = (k: string) => fireEvent.keyDown(box(), { key: k });
const chips = () => [...document.querySelectorAll('.chip span')].map((s) => s.textContent);

afterEach(cleanup);

describe('CategoriesSelect', () => {
  it('is labelled and opens a multi-select list from the keyboard', () => {
    render(<Harness />);
    expect(screen.getByLabelText(/^Categories/, { selector: 'input' })).toBe(box());
    expect(screen.getByRole('listbox', { hidden: true }).getAttribute('aria-labelledby')).toBe(
      'categories-label',
    );
    expect(box().getAttribute('aria-expanded')).toBe('false');
    key('ArrowDown');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe('categories-option-roofing');
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe('categories-option-water_damage');
  });

  it('toggles with Enter, keeps the list open and shows chips', () => {
    const onNames = vi.fn();
    render(<Harness onNames={onNames} />);
    key('ArrowDown');
    key('Enter');
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(onNames).toHaveBeenLastCalledWith(['roofing', 'hvac']);
    expect(chips()).toEqual(['Roofing', 'HVAC']);
    expect(screen.getByRole('option', { name: 'Roofing' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Plumbing' }).getAttribute('aria-selected')).toBe('false');
    key('Enter');
    expect(chips()).toEqual(['Roofing']);
    expect(screen.getByText('HVAC removed')).toBeTruthy();
  });

  it('filters by typing and clears the filter after a pick', () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'wat' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Water Damage']);
    key('Enter');
    expect(chips()).toEqual(['Water Damage']);
    expect(box().value).toBe('');
    fireEvent.change(box(), { target: { value: 'zzz' } });
    expect(screen.getByText("No categories match 'zzz'")).toBeTruthy();
  });

  it('removes with the chip buttons and with Backspace', () => {
    const onNames = vi.fn();
    render(<Harness initial={['roofing', 'plumbing', 'hvac']} onNames={onNames} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Plumbing' }));
    expect(chips()).toEqual(['Roofing', 'HVAC']);
    expect(document.activeElement).toBe(box());
    key('Backspace');
    expect(onNames).toHaveBeenLastCalledWith(['roofing']);
    expect(box().getAttribute('aria-describedby')).toBe('categories-selected');
    expect(screen.getByText('Selected: Roofing')).toBeTruthy();
  });

  it('closes with Escape and shows the message the form passes', () => {
    render(<Harness error="This field is required*" />);
    key('ArrowDown');
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('This field is required*')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')).toBe('categories-error categories-selected');
  });

  it('picks with the mouse and closes, so the list does not cover the next field', () => {
    render(<Harness />);
    fireEvent.click(box());
    fireEvent.click(screen.getByRole('option', { name: 'Plumbing' }));
    expect(chips()).toEqual(['Plumbing']);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
  });
});
