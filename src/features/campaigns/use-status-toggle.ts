/**
 * What a campaign's or county's switch shows and does (status-toggle.tsx renders it): the status
 * shown (the queued change's, else the one just sent until the server's shows it, else the
 * server's), whether a change waits, the timed pause's note, and `change` (queue a pause or an
 * activation and follow it to its toast).
 *
 * - `change` queues before it awaits anything, so the write is journaled in the tap's own task
 *   (sync/outbox-edits.ts) and a page load straight after the tap keeps it; a refused earlier
 *   change is dismissed after.
 */
import { useEffect, useState } from 'react';
import {
  CAMPAIGN_MESSAGES,
  type CampaignStatus,
  PAUSE_DURATIONS,
  type StatusBody,
} from '../../api/contracts/campaigns';
import type { OutboxTag } from '../../db/app-db';
import { toastError } from '../../ui/toast';
import { pauseNote } from './pause-end';
import { useTaggedWrite } from './use-tagged-write';

export type ToggleState = {
  kind: 'Campaign' | 'County';
  status: CampaignStatus;
  /** The server says a change is waiting for the platforms' confirmation. */
  serverPending: boolean;
  /** Why the switch may not be used (no trigger flag, disabled, locked), or null. */
  blocked: string | null;
  tag: OutboxTag;
  send: (body: StatusBody) => Promise<number>;
  /** When the server's timed pause ends (ISO), for a campaign; with the account's time zone. */
  pausedUntil?: string | null;
  zone?: string | null;
};

export const durationLabel = (hours?: number) =>
  PAUSE_DURATIONS.find((d) => d.hours === hours)?.label ?? `${hours} hours`;

/** Re-renders when `at` (ms) passes, so 'Paused until' turns into 'Pause ended' on time. */
function useRenderAt(at: number | null) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.min(at - Date.now() + 50, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [at]);
}

const queuedTitleOf = (queued: StatusBody | null | undefined) =>
  queued
    ? queued.status === 'paused'
      ? `Pause for ${durationLabel(queued.pause_duration)}: waiting to be sent`
      : 'Activation: waiting to be sent'
    : CAMPAIGN_MESSAGES.pending;

const successOf = (kind: ToggleState['kind']) =>
  kind === 'Campaign'
    ? { paused: CAMPAIGN_MESSAGES.campaignPaused, active: CAMPAIGN_MESSAGES.campaignActivated }
    : { paused: CAMPAIGN_MESSAGES.countyPaused, active: CAMPAIGN_MESSAGES.countyActivated };

export function useStatusToggle({
  kind,
  status,
  serverPending,
  blocked,
  tag,
  send,
  pausedUntil,
  zone,
}: ToggleState) {
  const write = useTaggedWrite<StatusBody>(tag);
  // What was last sent, until the server's state shows it (no flicker back between delivery and
  // the list's refresh).
  const [sent, setSent] = useState<CampaignStatus | null>(null);
  useEffect(() => {
    if (sent !== null && (status === sent || write.failed)) setSent(null);
  }, [sent, status, write.failed]);
  const shown: CampaignStatus = write.queued?.status ?? sent ?? status;
  const pending = serverPending || write.pending || (sent !== null && sent !== status);
  const end = status === 'paused' && pausedUntil ? Date.parse(pausedUntil) : Number.NaN;
  useRenderAt(Number.isNaN(end) ? null : end);

  async function change(body: StatusBody) {
    const queued = send(body);
    queued.catch(() => undefined); // its error is shown below, once the dismissal is done
    try {
      await write.discard();
      const id = await queued;
      setSent(body.status);
      write.track(id, successOf(kind)[body.status]);
    } catch (error) {
      toastError('Error', error instanceof Error ? error.message : String(error));
    }
  }

  return {
    write,
    shown,
    pending,
    disabled: pending || blocked !== null || !write.known,
    // The server's pause, as long as nothing else is on its way.
    note: shown === 'paused' && status === 'paused' && !pending ? pauseNote(pausedUntil, zone) : null,
    queuedTitle: queuedTitleOf(write.queued),
    change,
  };
}
