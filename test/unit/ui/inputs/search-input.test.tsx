import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchInput } from '../../../../src/ui/inputs/search-input';

afterEach(cleanup);

function Search({ showLabel, onSearch }: { showLabel?: boolean; onSearch?: (text: string) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch?.(typed);
      }}
    >
      <SearchInput
        className="box"
        label="Search locations"
        showLabel={showLabel}
        placeholder="Search counties or zip codes"
        value={typed}
        onChange={setTyped}
      />
    </form>
  );
}

describe('SearchInput', () => {
  it('is a search box named by its label (not the placeholder), hidden on screen by default', () => {
    render(<Search />);
    const box = screen.getByRole('searchbox', { name: 'Search locations' }) as HTMLInputElement;
    expect(box.type).toBe('search');
    expect(box.className).toBe('input');
    expect(screen.getByText('Search locations').className).toBe('visually-hidden');
    expect(box.closest('label')?.className).toBe('box');
    fireEvent.change(box, { target: { value: 'Travis' } });
    expect(box.value).toBe('Travis');
  });

  it('shows its label when asked', () => {
    render(<Search showLabel />);
    expect(screen.getByText('Search locations').className).toBe('field__label');
  });

  it('hands the typed text to its form on submit (Enter)', () => {
    const searched: string[] = [];
    render(<Search onSearch={(text) => searched.push(text)} />);
    const box = screen.getByRole('searchbox', { name: 'Search locations' });
    fireEvent.change(box, { target: { value: '78701' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(searched).toEqual(['78701']);
  });
});
