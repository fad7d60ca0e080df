/**
 * One task of the Activity Manager (spec part 2 §2): the unviewed green dot, the red alert of
 * klass danger, the success tint, up to three team avatars then '+N', and for cta 'accordion' the
 * expanded details (description, goal, summary, link). "Pending sync" or the server's refusal
 * shows under the task's name.
 */
import type { Activity } from '../../api/contracts/activities';
import { toDisplayDate } from '../../lib/date-range';

const initials = (m: Activity['team_members'][number]) => `${m.first_name[0] ?? ''}${m.last_name[0] ?? ''}`;

function Team({ members }: { members: Activity['team_members'] }) {
  const shown = members.slice(0, 3);
  const more = members.length - shown.length;
  return (
    <span className="team" title={members.map((m) => `${m.first_name} ${m.last_name}`).join(', ')}>
      {shown.map((m) =>
        m.avatar ? (
          <img key={`${m.first_name}${m.last_name}`} className="team__avatar" src={m.avatar} alt="" />
        ) : (
          <span key={`${m.first_name}${m.last_name}`} className="team__avatar" aria-hidden="true">
            {initials(m)}
          </span>
        ),
      )}
      {more > 0 ? <span className="team__more">+{more}</span> : null}
      <span className="visually-hidden">
        {members.map((m) => `${m.first_name} ${m.last_name}`).join(', ')}
      </span>
    </span>
  );
}

export type RowProps = {
  activity: Activity;
  seo: boolean;
  unviewed: boolean;
  expanded: boolean;
  openable: boolean;
  pending: boolean;
  failed: string | null;
  onOpen: () => void;
};

export function ActivityRow({
  activity: a,
  seo,
  unviewed,
  expanded,
  openable,
  pending,
  failed,
  onOpen,
}: RowProps) {
  const classes = ['activity-row', 'data-table__row'];
  if (a.klass === 'success') classes.push('activity-row--success');
  const detailsId = `activity-${a.id}-details`;
  const name = (
    <>
      {unviewed ? <span className="activity-row__dot" role="img" aria-label="New" /> : null}
      {a.klass === 'danger' ? (
        <svg
          className="activity-row__alert"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          role="img"
          aria-label="Needs attention"
        >
          <path fill="currentColor" d="M12 2 1 21h22L12 2Zm1 15h-2v-2h2v2Zm0-4h-2V9h2v4Z" />
        </svg>
      ) : null}
      <span>{a.name}</span>
    </>
  );
  return (
    <>
      <tr className={classes.join(' ')}>
        <td data-label="Task" className="activity-row__task">
          {openable ? (
            <button
              type="button"
              className="activity-row__open"
              onClick={onOpen}
              aria-expanded={a.cta === 'accordion' ? expanded : undefined}
              aria-controls={a.cta === 'accordion' ? detailsId : undefined}
            >
              {name}
            </button>
          ) : (
            <span className="activity-row__open activity-row__open--static">{name}</span>
          )}
          {pending ? <span className="pending-sync">Pending sync</span> : null}
          {failed ? (
            <span className="activity-row__failed" role="alert">
              {failed}
            </span>
          ) : null}
        </td>
        <td data-label="Status">
          <span className={`status-chip status-chip--${a.status}`}>{a.status_lable}</span>
        </td>
        <td data-label="Team Members">
          <Team members={a.team_members} />
        </td>
        <td data-label="Service">{a.service ?? ''}</td>
        {seo ? <td data-label="Category">{a.category ?? ''}</td> : null}
        {/* MM/DD/YYYY, as every date the portal shows (lib/date-range.ts). */}
        <td data-label="Due Date">{a.due_date ? toDisplayDate(a.due_date.slice(0, 10)) : ''}</td>
      </tr>
      {a.cta === 'accordion' && expanded && a.description ? (
        <tr className="activity-details" id={detailsId}>
          <td colSpan={seo ? 6 : 5}>
            <dl className="activity-details__list">
              <dt>Description</dt>
              <dd>{a.description.description}</dd>
              <dt>Goal</dt>
              <dd>{a.description.goal}</dd>
              <dt>Task Details</dt>
              <dd>{a.description.summary}</dd>
            </dl>
            {a.description.url ? (
              <a href={a.description.url} target="_blank" rel="noopener noreferrer">
                {a.description.url}
              </a>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
