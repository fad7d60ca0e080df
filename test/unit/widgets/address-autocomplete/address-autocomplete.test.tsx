import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlacePrediction } from '../../../../src/api/contracts/places';
import { AddressAutocomplete } from '../../../../src/widgets/address-autocomplete/address-autocomplete';
import { json, mockFetch } from '../../api/fetch-mock';

const AUSTIN: PlacePrediction = {
  description: 'Austin, TX 78701, USA',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
};
const AUSTIN_MN: PlacePrediction = {
  description: 'Austin, MN 55912, USA',
  city: 'Austin',
  state: 'MN',
  zipcode: '55912',
};
const STREET: PlacePrediction = {
  ...AUSTIN,
  description: '12 Elm St, Austin, TX 78701, USA',
  street: '12 Elm St',
};

function Harness({
  onSelect,
  required,
}: {
  onSelect?: (place: PlacePrediction) => void;
  required?: boolean;
}) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <AddressAutocomplete
        id="address"
        label="Address"
        required={required}
        value={value}
        onChange={setValue}
        onSelect={onSelect}
      />
    </form>
  );
}

const box = () => screen.getByRole('combobox') as HTMLInputElement;
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const options = () => screen.queryAllByRole('option');

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AddressAutocomplete', () => {
  it('asks only from 3 characters, 300 ms after the last keystroke', async () => {
    const calls = mockFetch(() => json(200, { predictions: [AUSTIN, AUSTIN_MN] }));
    render(<Harness />);
    fireEvent.focus(box());
    type('Au');
    await wait(1000);
    expect(calls).toHaveLength(0);
    type('Aus');
    await wait(200);
    type('Aust');
    await wait(299);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0].url, 'http://x').pathname).toBe('/api/v1/places');
    expect(new URL(calls[0].url, 'http://x').searchParams.get('q')).toBe('Aust');
    expect(options().map((o) => o.textContent)).toEqual(['Austin, TX 78701, USA', 'Austin, MN 55912, USA']);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('2 suggestions, use up and down arrows to choose')).toBeTruthy();
  });

  it('moves with the arrows, picks with Enter and hands over the place', async () => {
    mockFetch(() => json(200, { predictions: [AUSTIN, STREET] }));
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.focus(box());
    type('12 Elm St, Aus');
    await wait(300);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-activedescendant')).toBe('address-option-0');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-activedescendant')).toBe('address-option-1');
    expect(options()[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-activedescendant')).toBe('address-option-0');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box().getAttribute('aria-activedescendant')).toBe('address-option-1');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('12 Elm St, Austin, TX 78701, USA');
    expect(onSelect).toHaveBeenCalledWith(STREET);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('closes on Escape and keeps the text', async () => {
    mockFetch(() => json(200, { predictions: [AUSTIN] }));
    render(<Harness />);
    fireEvent.focus(box());
    type('Austin');
    await wait(300);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('Austin');
  });

  it('picks with the mouse', async () => {
    mockFetch(() => json(200, { predictions: [AUSTIN, AUSTIN_MN] }));
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.focus(box());
    type('Austin');
    await wait(300);
    fireEvent.click(screen.getByRole('option', { name: /MN/ }));
    expect(box().value).toBe('Austin, MN 55912, USA');
    expect(onSelect).toHaveBeenCalledWith(AUSTIN_MN);
  });

  it("says 'This field is required' when left empty", () => {
    render(<Harness required />);
    fireEvent.focus(box());
    fireEvent.blur(box());
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')).toBe('address-error');
  });

  it('explains a failed lookup in place and keeps what was typed', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    render(<Harness />);
    fireEvent.focus(box());
    type('1200 Barton Springs Rd');
    await wait(300);
    expect(screen.getByRole('status').textContent).toBe(
      "We couldn't load address suggestions. Type the full address; it will be kept.",
    );
    expect(box().value).toBe('1200 Barton Springs Rd');
    expect(box().getAttribute('aria-describedby')).toContain('address-notice');
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('says so when offline, and when nothing matches', async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    mockFetch(() => answer());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Harness />);
    fireEvent.focus(box());
    type('Austin');
    await wait(300);
    expect(screen.getByRole('status').textContent).toMatch(/^You're offline/);
    answer = () => json(200, { predictions: [] });
    type('Zzyzx');
    await wait(300);
    expect(screen.getByRole('status').textContent).toBe(
      'No matching US places. Check the spelling or type the full address.',
    );
  });

  it('drops an answer that arrives after the text changed', async () => {
    const answers: ((r: Response) => void)[] = [];
    mockFetch(() => new Promise<Response>((resolve) => answers.push(resolve)));
    render(<Harness />);
    fireEvent.focus(box());
    type('Dal');
    await wait(300);
    type('Austin');
    await wait(300);
    answers[1](json(200, { predictions: [AUSTIN] }));
    answers[0](
      json(200, { predictions: [{ ...AUSTIN, description: 'Dallas, TX 75201, USA', city: 'Dallas' }] }),
    );
    await wait(0);
    expect(options().map((o) => o.textContent)).toEqual(['Austin, TX 78701, USA']);
  });
});
