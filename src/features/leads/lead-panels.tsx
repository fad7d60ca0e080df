/**
 * The drawer's simpler tabs: Questions (a form's answers), Transcript (speaker turns, with the AI
 * disclaimer) and Demographic (owner and property facts). Props in, JSX out.
 */
import type { LeadDetail } from '../../api/contracts/leads';
import { AI_DISCLAIMERS, NO_DATA } from './messages';

export function LeadQuestions({ lead }: { lead: LeadDetail }) {
  if (lead.questions.length === 0) return <p className="lead-empty">{NO_DATA}</p>;
  return (
    <dl className="lead-facts">
      {lead.questions.map((q) => (
        <div key={q.label} className="lead-facts__row">
          <dt>{q.label}</dt>
          <dd>{q.answer.label}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LeadTranscript({ lead }: { lead: LeadDetail }) {
  return (
    <>
      <ol className="transcript" aria-label="Call transcript">
        {lead.details.transcriptions.map((turn, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: turns are an ordered, unkeyed script
            key={index}
            className={`transcript__turn transcript__turn--${turn.participant_type === 'speaker_1' ? 'business' : 'caller'}`}
          >
            <span className="transcript__speaker">
              {turn.participant_type === 'speaker_1' ? 'Business' : 'Caller'}
            </span>
            <p>{turn.message_text}</p>
          </li>
        ))}
      </ol>
      <p className="ai-disclaimer">{AI_DISCLAIMERS[0]}</p>
    </>
  );
}

export function LeadDemographic({ lead }: { lead: LeadDetail }) {
  const groups = [
    ['Owner', lead.demographic?.owner ?? []],
    ['Property', lead.demographic?.property ?? []],
  ] as const;
  return (
    <>
      {groups.map(([title, facts]) =>
        facts.length ? (
          <section key={title} className="lead-section">
            <h3 className="lead-section__title">{title}</h3>
            <dl className="lead-facts">
              {facts.map((fact) => (
                <div key={fact.label} className="lead-facts__row">
                  <dt>{fact.label}</dt>
                  <dd>{fact.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null,
      )}
      <p className="ai-disclaimer">{AI_DISCLAIMERS[1]}</p>
    </>
  );
}
