/**
 * The Activity Manager's empty row: the spec's 'No activities found.', then why: nothing matches
 * the search or the status filter (with a way to clear them), or nothing is assigned yet (and
 * where new tasks will appear).
 */
import type { ActivityStatus } from '../../api/contracts/activities';
import { noMatchText, OVERVIEW_TEXTS } from './messages';

export function ActivityEmpty({
  search,
  statuses,
  colSpan,
  onClear,
}: {
  search: string;
  statuses: readonly ActivityStatus[];
  colSpan: number;
  onClear: () => void;
}) {
  const filtered = search !== '' || statuses.length > 0;
  return (
    <tr>
      <td colSpan={colSpan} className="activity-table__empty">
        <p className="activity-table__empty-line activity-table__empty-title">
          {OVERVIEW_TEXTS.noActivities}
        </p>
        <p className="activity-table__empty-line">
          {filtered ? noMatchText(search, statuses) : OVERVIEW_TEXTS.nothingAssigned}
        </p>
        {filtered ? (
          <button type="button" className="button button--ghost" onClick={onClear}>
            {OVERVIEW_TEXTS.clearFilters}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
