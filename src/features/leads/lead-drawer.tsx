/**
 * The lead drawer (spec part 3 §2.7): the lead's detail read stale-while-revalidate (so a lead
 * opened before opens offline), tabs Details, Questions, Transcript and Demographic with the
 * spec's visibility rules (lead-tabs.ts), and the review block. When the detail cannot be loaded
 * the fields stay blank (spec part 3 §8) and the list row's name is the title.
 * A review the server refused as a conflict means the server has answered and holds a newer lead:
 * the detail is read again at once, so the drawer shows the current state (the other device's
 * review, no offline badge from a read that failed while the server was away) beside the choices.
 */
import './lead-drawer.css';
import { useEffect, useId, useState } from 'react';
import { LeadDetailResponse, type LeadRow } from '../../api/contracts/leads';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { conflictOf } from '../../sync/ui/outbox-conflict';
import { useCachedRead } from '../../sync/use-cached-read';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { Drawer } from '../../ui/table/drawer';
import { DrawerTabPanel, DrawerTabs } from '../../ui/table/drawer-tabs';
import { LeadDetails } from './lead-details';
import { LeadDemographic, LeadQuestions, LeadTranscript } from './lead-panels';
import { LeadRecording } from './lead-recording';
import { LeadReview } from './lead-review';
import { type LeadTab, TAB_LABELS, visibleTabs } from './lead-tabs';
import { leadPath, reviewTag } from './leads-api';
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
  const conflict = conflictOf(usePendingWrites(reviewTag(leadId)).latest);
  // Once per refusal (its id and attempt): a second conflict after Keep mine reads again too.
  const refused = conflict ? `${conflict.id}:${conflict.attempts}` : null;
  const { refresh } = read;
  useEffect(() => {
    if (refused) refresh();
  }, [refused, refresh]);
  const tabs = lead ? visibleTabs(lead) : (['details'] as LeadTab[]);
  const [chosen, setChosen] = useState<LeadTab>('details');
  const tab = tabs.includes(chosen) ? chosen : 'details';
  const name = lead?.name ?? row?.data.find((c) => c.name === 'name')?.value ?? 'Lead';

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
        <DrawerTabs
          id={id}
          label="Lead sections"
          tabs={tabs}
          labels={TAB_LABELS}
          active={tab}
          onChange={setChosen}
        />
      }
    >
      <DrawerTabPanel id={id} active={tab}>
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
            recording={
              lead.details.recording_url ? (
                <LeadRecording userId={userId} leadId={lead.id} url={lead.details.recording_url} />
              ) : null
            }
          />
        ) : tab === 'questions' ? (
          <LeadQuestions lead={lead} />
        ) : tab === 'transcript' ? (
          <LeadTranscript lead={lead} />
        ) : (
          <LeadDemographic lead={lead} />
        )}
      </DrawerTabPanel>
    </Drawer>
  );
}
