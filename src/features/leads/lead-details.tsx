/**
 * The drawer's Details tab: the AI summary with both disclaimers, the call (recording player,
 * duration, dispute status, conversations), the lead's facts and the provider's response to the
 * review. Props in, JSX out; the review (its controls and text) comes in as `review`, the call's
 * player as `recording`.
 */
import type { ReactNode } from 'react';
import type { LeadDetail } from '../../api/contracts/leads';
import { displayPhone, telHref } from '../../lib/phone';
import { formatDuration, formatTime } from './format';
import { AI_DISCLAIMERS } from './messages';

const DISPUTE: Record<string, string> = {
  none: 'Not disputed',
  pending: 'Under review',
  approved: 'Approved (credited)',
  denied: 'Denied',
};

const PHONE_FACTS = new Set(['phone_number', 'caller_id', 'tracking_number']);

/** A fact as shown: phone numbers formatted and tap-to-call, emails as mailto links. */
function factValue(name: string, value: string | null): ReactNode {
  if (!value) return '';
  if (PHONE_FACTS.has(name)) {
    const href = telHref(value);
    return href ? (
      <a className="link" href={href}>
        {displayPhone(value)}
      </a>
    ) : (
      value
    );
  }
  if (name === 'email' && value.includes('@')) {
    return (
      <a className="link" href={`mailto:${value}`}>
        {value}
      </a>
    );
  }
  return value;
}

function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="lead-facts">
      {rows.map((row) => (
        <div key={row.label} className="lead-facts__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LeadDetails({
  lead,
  zone,
  review,
  recording,
}: {
  lead: LeadDetail;
  zone?: string | null;
  review: ReactNode;
  /** The call's player (lead-recording.tsx), shown when the call has a recording. */
  recording?: ReactNode;
}) {
  const { details, notes } = lead;
  const isCall = lead.type === 'Call';
  return (
    <>
      {lead.summary ? (
        <section className="lead-section" aria-labelledby="lead-summary">
          <h3 id="lead-summary" className="lead-section__title">
            Summary
          </h3>
          <p className="lead-summary">{lead.summary}</p>
          <div className="ai-disclaimer">
            {AI_DISCLAIMERS.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        </section>
      ) : null}

      {review}

      {isCall ? (
        <section className="lead-section" aria-labelledby="lead-call">
          <h3 id="lead-call" className="lead-section__title">
            Call
          </h3>
          {details.recording_url ? recording : <p className="lead-empty">No recording for this call</p>}
          <Facts
            rows={[
              { label: 'Duration', value: formatDuration(details.call_duration) || '—' },
              {
                label: 'Dispute status',
                value: DISPUTE[details.dispute_status ?? 'none'] ?? details.dispute_status,
              },
            ]}
          />
          {details.conversations.length ? (
            <>
              <h4 className="lead-section__subtitle">Conversations</h4>
              <ul className="conversations">
                {details.conversations.map((c) => (
                  <li
                    key={c.ref_id}
                    className={`conversations__item conversations__item--${c.participant_type === 'lead' ? 'lead' : 'agent'}`}
                  >
                    <span className="conversations__who">
                      {c.participant_type === 'lead' ? 'Lead' : 'Business'}
                    </span>
                    <span className="conversations__time">{formatTime(c.created_at, zone)}</span>
                    <p>{c.message_text}</p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}

      <section className="lead-section" aria-labelledby="lead-facts">
        <h3 id="lead-facts" className="lead-section__title">
          Lead details
        </h3>
        <Facts
          rows={[
            { label: 'Created', value: formatTime(lead.created_at, zone) },
            ...details.lead_details.map((d) => ({ label: d.label, value: factValue(d.name, d.description) })),
          ]}
        />
      </section>

      {notes.response ? (
        <section className="lead-section" aria-labelledby="lead-notes">
          <h3 id="lead-notes" className="lead-section__title">
            Notes
          </h3>
          {notes.response ? (
            <div className="lead-note lead-note--response">
              <p className="lead-note__meta">Response · {formatTime(notes.response.date, zone)}</p>
              <p>{notes.response.text}</p>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
