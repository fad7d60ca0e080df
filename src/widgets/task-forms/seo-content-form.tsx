/**
 * The quarterly SEO content plan (spec part 2 §3-§4): the month items (server HTML, sanitised by
 * ui/server-html), and Approve or Decline. Change requests are asked within three days, after
 * which work proceeds.
 */
import { useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import { SEO_CONTENT_MESSAGES, SeoContentResponse } from '../../api/contracts/tasks';
import { useCachedRead } from '../../sync/use-cached-read';
import { ServerHtml } from '../../ui/server-html';
import { TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

export const SEO_CONTENT_PATH = endpointPath('GET /activities/seo_content');

export function SeoContentForm({
  activityId,
  onDone,
  onCancel,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const read = useCachedRead(SeoContentResponse, SEO_CONTENT_PATH);
  const task = useTaskSubmit({ header: SEO_CONTENT_MESSAGES.title, body: SEO_CONTENT_MESSAGES.body }, onDone);
  const [choice, setChoice] = useState<'approved' | 'decline' | null>(null);
  const decide = (status: 'approved' | 'decline') => {
    setChoice(status);
    void task.submit({
      activityId,
      key: 'seo_content',
      path: SEO_CONTENT_PATH,
      label: status === 'approved' ? 'Content plan approved' : 'Content plan declined',
      body: { status },
      refresh: [SEO_CONTENT_PATH],
    });
  };
  const items = read.data?.data ?? [];
  return (
    <div className="task-form">
      <p className="task-form__lead">
        Please review this quarter's content plan. Ask for changes within three days; after that, work
        proceeds.
      </p>
      {!read.data && read.loading ? <p className="task-form__muted">Loading the content plan…</p> : null}
      {read.data && items.length === 0 ? <p className="task-form__muted">No data available</p> : null}
      {items.map((item) => (
        <article key={item.id} className="task-content">
          <h3 className="task-content__month">{item.month}</h3>
          <ServerHtml html={item.data} className="task-content__body" />
        </article>
      ))}
      <TaskFormError error={task.error} />
      <div className="task-form__actions">
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button
          type="button"
          className="button button--danger"
          disabled={task.sending || items.length === 0}
          onClick={() => decide('decline')}
        >
          {task.sending && choice === 'decline' ? 'Submitting…' : 'Decline'}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={task.sending || items.length === 0}
          onClick={() => decide('approved')}
        >
          {task.sending && choice === 'approved' ? 'Submitting…' : 'Approve'}
        </button>
      </div>
    </div>
  );
}
