/**
 * Table Config (spec part 3 §4, §5): a checkbox per column; Save needs at least one checked
 * ('At least one column must be selected', an error notification); Save and Reset hand the result
 * to the caller (which saves it and refreshes the table) and close the panel.
 */
import { useState } from 'react';
import { COLUMN_REQUIRED, type TableColumn } from '../../api/contracts/toolbar';
import { toastError } from '../toast';
import { useDisclosure } from '../use-disclosure';

export type TableConfigPanelProps = {
  columns: TableColumn[];
  onSave: (columns: TableColumn[]) => void;
  onReset: () => void;
};

export function TableConfigPanel({ columns, onSave, onReset }: TableConfigPanelProps) {
  const popover = useDisclosure();
  const [draft, setDraft] = useState<TableColumn[]>(columns);

  return (
    <div className="toolbar-menu toolbar-menu--end" ref={popover.rootRef}>
      <button
        className="button button--ghost toolbar__button"
        {...popover.buttonProps}
        disabled={columns.length === 0}
        onClick={() => {
          setDraft(columns);
          popover.toggle();
        }}
      >
        Table Config
      </button>
      {popover.open ? (
        <div id={popover.panelId} className="toolbar-menu__panel">
          <fieldset className="table-config">
            <legend className="toolbar-menu__heading">Columns</legend>
            {draft.map((column) => (
              <label key={column.name} className="table-config__option">
                <input
                  type="checkbox"
                  checked={column.checked}
                  onChange={(event) =>
                    setDraft((all) =>
                      all.map((c) => (c.name === column.name ? { ...c, checked: event.target.checked } : c)),
                    )
                  }
                />
                {column.label}
              </label>
            ))}
          </fieldset>
          <div className="toolbar-menu__footer">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                onReset();
                popover.close();
              }}
            >
              Reset
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                if (!draft.some((c) => c.checked)) {
                  toastError('Error', COLUMN_REQUIRED);
                  return;
                }
                onSave(draft);
                popover.close();
              }}
            >
              Save
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
