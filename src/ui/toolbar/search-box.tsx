/**
 * The toolbar's text search with the user's recent searches under it (picked: searched at once).
 * Timing rules live in use-search-input.ts.
 */
import './search-box.css';
import { useId, useState } from 'react';
import { useSearchInput } from './use-search-input';

export type SearchBoxProps = {
  value: string;
  onSearch: (query: string) => void;
  recent: string[];
  placeholder?: string;
};

export function SearchBox({ value, onSearch, recent, placeholder = 'Search' }: SearchBoxProps) {
  const id = useId();
  const { text, type, pick, submit } = useSearchInput(value, onSearch);
  const [open, setOpen] = useState(false);
  const suggestions = recent.filter((q) => q.toLowerCase().includes(text.trim().toLowerCase())).slice(0, 8);
  const showList = open && suggestions.length > 0;

  return (
    // Closing the list when focus leaves the whole box (input and suggestions).
    <search
      className="search-box"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {/* Named as it reads ("Search leads"), so a screen reader says what is searched. */}
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <svg
        className="search-box__icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        className="input search-box__input"
        placeholder={placeholder}
        autoComplete="off"
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setOpen(true);
          type(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            setOpen(false);
            submit();
          } else if (event.key === 'Escape') setOpen(false);
        }}
      />
      {showList ? (
        <ul id={`${id}-recent`} className="search-box__recent" aria-label="Recent searches">
          {suggestions.map((query) => (
            <li key={query}>
              <button
                type="button"
                className="search-box__option"
                onClick={() => {
                  setOpen(false);
                  pick(query);
                }}
              >
                {query}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </search>
  );
}
