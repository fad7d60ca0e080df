/**
 * The toolbar's Filter menu (spec part 3 §2.6): Saved Filters (apply, delete), Recent Filters
 * (apply; the list scrolls past 400 px) and New filter. Saving a new filter opens the Save Filter
 * modal, which lives outside the menu so the menu may close under it.
 */
import { Suspense, useEffect } from 'react';
import type { FilterCondition, FilterField, RecentFilter, SavedFilter } from '../../api/contracts/toolbar';
import { ErrorBoundary } from '../error-boundary';
import { lazyComponent, preloadWhenIdle } from '../lazy-component';
import { useDisclosure } from '../use-disclosure';
import { describeFilters } from './filter-text';

/** The form kit is not part of a list screen's first load: the form arrives once the page is idle. */
const NewFilterForm = lazyComponent(() =>
  import('./new-filter-form').then((module) => ({ default: module.NewFilterForm })),
);

export type FilterMenuProps = {
  fields: FilterField[];
  saved: SavedFilter[];
  recent: RecentFilter[];
  active: FilterCondition[];
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onApply: (filters: FilterCondition[]) => void;
  onSave: (filters: FilterCondition[]) => void;
  onDelete: (name: string) => void;
};

export function FilterMenu(props: FilterMenuProps) {
  const { fields, saved, recent, active, editing, onEditing, onApply, onSave, onDelete } = props;
  const popover = useDisclosure();
  useEffect(() => preloadWhenIdle(NewFilterForm), []);
  const apply = (filters: FilterCondition[]) => {
    onApply(filters);
    onEditing(false);
    popover.close();
  };

  return (
    <div className="toolbar-menu" ref={popover.rootRef}>
      <button
        className={`button button--ghost toolbar__button${active.length ? ' toolbar__button--active' : ''}`}
        {...popover.buttonProps}
        onClick={popover.toggle}
      >
        Filter{active.length ? ` (${active.length})` : ''}
      </button>
      {popover.open ? (
        <div id={popover.panelId} className="toolbar-menu__panel toolbar-menu__panel--wide">
          {editing ? (
            <ErrorBoundary what="the filter form">
              <Suspense
                fallback={
                  <p className="toolbar-menu__empty" role="status">
                    Loading…
                  </p>
                }
              >
                <NewFilterForm
                  fields={fields}
                  initial={active}
                  onApply={apply}
                  onSave={onSave}
                  onCancel={() => onEditing(false)}
                />
              </Suspense>
            </ErrorBoundary>
          ) : (
            <>
              <section aria-labelledby={`${popover.panelId}-saved`}>
                <h2 id={`${popover.panelId}-saved`} className="toolbar-menu__heading">
                  Saved Filters
                </h2>
                {saved.length === 0 ? <p className="toolbar-menu__empty">No saved filters yet</p> : null}
                <ul className="toolbar-menu__list">
                  {saved.map((filter) => (
                    <li key={filter.id} className="toolbar-menu__item">
                      <button
                        type="button"
                        className="toolbar-menu__choice"
                        title={describeFilters(filter.filters, fields)}
                        onClick={() => apply(filter.filters)}
                      >
                        {filter.name}
                      </button>
                      <button
                        type="button"
                        className="icon-button icon-button--small"
                        aria-label={`Delete saved filter ${filter.name}`}
                        onClick={() => onDelete(filter.name)}
                      >
                        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                          <path
                            d="M5 7h14M10 11v6M14 11v6M7 7l1 12h8l1-12M9 7V4h6v3"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="1.8"
                            strokeLinecap="round"
                          />
                        </svg>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby={`${popover.panelId}-recent`}>
                <h2 id={`${popover.panelId}-recent`} className="toolbar-menu__heading">
                  Recent Filters
                </h2>
                {recent.length === 0 ? <p className="toolbar-menu__empty">No recent filters</p> : null}
                <ul className="toolbar-menu__list toolbar-menu__list--recent">
                  {recent.map((filter) => (
                    <li key={filter.id} className="toolbar-menu__item">
                      <button
                        type="button"
                        className="toolbar-menu__choice"
                        onClick={() => apply(filter.filters)}
                      >
                        {describeFilters(filter.filters, fields)}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
              <div className="toolbar-menu__footer">
                {active.length ? (
                  <button type="button" className="button button--ghost" onClick={() => apply([])}>
                    Clear filters
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--primary"
                  disabled={fields.length === 0}
                  onClick={() => onEditing(true)}
                >
                  New filter
                </button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
