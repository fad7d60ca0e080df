/**
 * The location picker (spec part 3 §2.4, §5): a dropdown of checkboxes, shown only with more than
 * one location; Save needs at least one ('Please select at least one location', header 'Error').
 */
import { useEffect, useId, useState } from 'react';
import type { Location } from '../../api/contracts/performance';
import { Checkbox } from '../../ui/inputs/checkbox';
import { toastError } from '../../ui/toast';

export const NO_LOCATION = 'Please select at least one location';

export function LocationPicker({
  locations,
  selected,
  onSave,
}: {
  locations: Location[];
  selected: string[];
  onSave: (refs: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(selected);
  const id = useId();
  useEffect(() => {
    if (!open) setDraft(selected);
  }, [open, selected]);
  if (locations.length <= 1) return null;
  const toggle = (ref: string) =>
    setDraft((d) => (d.includes(ref) ? d.filter((r) => r !== ref) : [...d, ref]));
  const save = () => {
    if (!draft.length) {
      toastError('Error', NO_LOCATION);
      return;
    }
    onSave(draft);
    setOpen(false);
  };
  return (
    <div className="perf-locations">
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        Locations ({selected.length}/{locations.length})
      </button>
      {open ? (
        <fieldset className="perf-locations__panel" id={id}>
          <legend className="visually-hidden">Locations</legend>
          <div className="perf-locations__bulk">
            <button
              type="button"
              className="button button--ghost perf-locations__small"
              onClick={() => setDraft(locations.map((l) => l.ref_id))}
            >
              Select all
            </button>
            <button
              type="button"
              className="button button--ghost perf-locations__small"
              onClick={() => setDraft([])}
            >
              Clear
            </button>
          </div>
          <ul className="perf-locations__list">
            {locations.map((l) => (
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
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
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
