/**
 * The location picker (spec part 3 §2.4, §5): a dropdown of checkboxes, shown only with more than
 * one location; Save needs at least one ('Please select at least one location', header 'Error').
 *
 * - A search box at the top (focused when the panel opens) narrows the list as the user types;
 *   the count shown ("5 of 28 locations", or the spec's 'No locations found') is a status, so
 *   screen readers hear it. Select all and Clear act on the locations shown; the checked ones
 *   hidden by a search stay checked.
 * - Escape or a press outside closes it without saving; Escape and Cancel give focus back to the
 *   button (ui/use-disclosure.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { Location } from '../../api/contracts/performance';
import { Checkbox } from '../../ui/inputs/checkbox';
import { SearchInput } from '../../ui/inputs/search-input';
import { toastError } from '../../ui/toast';
import { useDisclosure } from '../../ui/use-disclosure';

export const NO_LOCATION = 'Please select at least one location';
export const NO_LOCATIONS_FOUND = 'No locations found';

/** Folds case and accents: "san jose" finds "San José". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The locations whose name holds every word typed, in any order. */
export function matchLocations(locations: Location[], query: string): Location[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return locations;
  return locations.filter((l) => {
    const name = fold(l.name);
    return words.every((word) => name.includes(word));
  });
}

export function countText(shown: number, total: number): string {
  if (shown === 0) return NO_LOCATIONS_FOUND;
  return shown === total ? `${total} locations` : `${shown} of ${total} locations`;
}

export function LocationPicker({
  locations,
  selected,
  onSave,
}: {
  locations: Location[];
  selected: string[];
  onSave: (refs: string[]) => void;
}) {
  const popover = useDisclosure();
  const { open, close } = popover;
  const [draft, setDraft] = useState<string[]>(selected);
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) {
      setDraft(selected);
      setQuery('');
    }
  }, [open, selected]);
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  if (locations.length <= 1) return null;
  const shown = matchLocations(locations, query);
  const shownRefs = shown.map((l) => l.ref_id);
  const searching = shown.length !== locations.length;
  const toggle = (ref: string) =>
    setDraft((d) => (d.includes(ref) ? d.filter((r) => r !== ref) : [...d, ref]));
  const save = () => {
    if (!draft.length) {
      toastError('Error', NO_LOCATION);
      return;
    }
    onSave(draft);
    close();
  };
  return (
    <div className="perf-locations" ref={popover.rootRef}>
      <button className="button button--ghost" {...popover.buttonProps}>
        Locations ({selected.length}/{locations.length})
      </button>
      {open ? (
        <fieldset className="perf-locations__panel" id={popover.panelId}>
          <legend className="visually-hidden">Locations</legend>
          <SearchInput
            ref={searchRef}
            label="Search locations"
            className="perf-locations__search"
            placeholder="Search locations"
            autoComplete="off"
            value={query}
            onChange={setQuery}
            onKeyDown={(event) => {
              // Escape empties a search first; with nothing typed it closes the panel.
              if (event.key !== 'Escape' || !query) return;
              event.preventDefault();
              setQuery('');
            }}
          />
          <p className="perf-locations__count" role="status">
            {countText(shown.length, locations.length)}
          </p>
          <div className="perf-locations__bulk">
            <button
              type="button"
              className="button button--ghost perf-locations__small"
              disabled={!shown.length}
              onClick={() => setDraft((d) => [...d.filter((r) => !shownRefs.includes(r)), ...shownRefs])}
            >
              {searching ? 'Select shown' : 'Select all'}
            </button>
            <button
              type="button"
              className="button button--ghost perf-locations__small"
              disabled={!shown.length}
              onClick={() => setDraft((d) => d.filter((r) => !shownRefs.includes(r)))}
            >
              {searching ? 'Clear shown' : 'Clear'}
            </button>
          </div>
          <ul className="perf-locations__list" aria-label="Locations">
            {shown.map((l) => (
              <li key={l.ref_id}>
                <Checkbox
                  label={` ${l.name}`}
                  checked={draft.includes(l.ref_id)}
                  onChange={() => toggle(l.ref_id)}
                />
              </li>
            ))}
          </ul>
          <div className="perf-locations__actions">
            <button type="button" className="button button--ghost" onClick={() => close()}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={save}>
              Save
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
