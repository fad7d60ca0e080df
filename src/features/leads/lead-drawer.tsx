/**
 * The lead drawer (spec part 3 §2.7): the lead's detail read stale-while-revalidate (so a lead
 * opened before opens offline), tabs Details, Questions, Transcript and Demographic with the
 * spec's visibility rules (lead-tabs.ts), and the review block. When the detail cannot be loaded
 * the fields stay blank (spec part 3 §8) and the list row's name is the title.
 */
import './lead-drawer.css';
import { type KeyboardEvent, useId, useState } from 'react';
import { LeadDetailResponse, type LeadRow } from '../../api/contracts/leads';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { Drawer } from '../../ui/table/drawer';
import { LeadDetails } from './lead-details';
import { LeadDemographic, LeadQuestions, LeadTranscript } from './lead-panels';
import { LeadReview } from './lead-review';
import { type LeadTab, TAB_LABELS, visibleTabs } from './lead-tabs';
import { leadPath } from './leads-api';
import type { ReviewType } from './review-form';

export type LeadDrawerProps = {
  leadId: number;
  row?: LeadRow;
  userId: number | null;
  zone?: string | null;
  reviewTypes: ReviewType[];
  onClose: () => void;
};

export function LeadDrawer({ leadId, row, userId, zone, reviewTypes, onClose }: LeadDrawerProps) {
  const id = useId();
  const read = useCachedRead(LeadDetailResponse, leadPath(leadId));
  const lead = read.data?.lead;
  const tabs = lead ? visibleTabs(lead) : (['details'] as LeadTab[]);
  const [chosen, setChosen] = useState<LeadTab>('details');
  const tab = tabs.includes(chosen) ? chosen : 'details';
  const name = lead?.name ?? row?.data.find((c) => c.name === 'name')?.value ?? 'Lead';

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    setChosen(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  }

  return (
    <Drawer
      label={`Lead ${name}`}
      onClose={onClose}
      title={
        <>
          {name}
          <span className="lead-drawer__type">{lead?.type ?? row?.lead_type}</span>
        </>
      }
      header={
        <div className="lead-drawer__tabs" role="tablist" aria-label="Lead sections" onKeyDown={onTabKey}>
          {tabs.map((t) => (
            <button
              key={t}
              id={`${id}-tab-${t}`}
              type="button"
              role="tab"
              aria-selected={t === tab}
              aria-controls={`${id}-panel`}
              tabIndex={t === tab ? 0 : -1}
              className="lead-drawer__tab"
              onClick={() => setChosen(t)}
            >
              {TAB_LABELS[t]}
            </button>
          ))}
        </div>
      }
    >
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        className="lead-drawer__panel"
      >
        <OfflineBadge offline={read.offline} asOf={read.asOf} timeZone={zone} />
        {!lead ? (
          read.loading ? (
            <p className="lead-empty">Loading…</p>
          ) : (
            <p className="lead-empty" role="alert">
              {read.error?.message ?? 'This lead could not be loaded.'}
            </p>
          )
        ) : tab === 'details' ? (
          <LeadDetails
            lead={lead}
            zone={zone}
            review={<LeadReview userId={userId} lead={lead} types={reviewTypes} zone={zone} />}
          />
        ) : tab === 'questions' ? (
          <LeadQuestions lead={lead} />
        ) : tab === 'transcript' ? (
          <LeadTranscript lead={lead} />
        ) : (
          <LeadDemographic lead={lead} />
        )}
      </div>
    </Drawer>
  );
}
