/**
 * The active/paused switch of a campaign or county (spec part 3 §4): pausing asks how long
 * (3 hours by default ... 7 days) in the confirmation modal, activating asks to confirm. After
 * sending, the switch shows the chosen status with 'Pending' until the server's confirmation
 * (the live switch_status) clears it, and is disabled meanwhile. A refused change shows the
 * server's message with the chosen values kept, and can be discarded.
 * - A timed pause says until when ('Paused until Sat 9:00 AM CST', pause-end.ts, from the stored
 *   row so offline too) and offers 'Resume now': the same queued activation, without the modal.
 * - Nothing is offered while a change waits (queued, on the wire, or unconfirmed by the
 *   platforms) or before the outbox has said whether one does: a second change would only be
 *   refused ("still pending").
 */
import { useEffect, useId, useState } from 'react';
import {
  CAMPAIGN_MESSAGES,
  type CampaignStatus,
  DEFAULT_PAUSE_HOURS,
  PAUSE_DURATIONS,
  type StatusBody,
} from '../../api/contracts/campaigns';
import type { OutboxTag } from '../../db/app-db';
import { RadioGroup } from '../../ui/inputs/radio-group';
import { Modal } from '../../ui/modal';
import { toastError } from '../../ui/toast';
import { pauseNote } from './pause-end';
import { useTaggedWrite } from './use-tagged-write';

type Body = StatusBody;
type Hours = NonNullable<StatusBody['pause_duration']>;

export type StatusToggleProps = {
  kind: 'Campaign' | 'County';
  name: string;
  status: CampaignStatus;
  /** The server says a change is waiting for the platforms' confirmation. */
  serverPending: boolean;
  /** Why the switch may not be used (no trigger flag, disabled, locked), or null. */
  blocked: string | null;
  tag: OutboxTag;
  send: (body: Body) => Promise<number>;
  /** When the server's timed pause ends (ISO), for a campaign; with the account's time zone. */
  pausedUntil?: string | null;
  zone?: string | null;
};

const durationLabel = (hours?: number) =>
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

export function StatusToggle(props: StatusToggleProps) {
  const { kind, name, status, serverPending, blocked, tag, send, pausedUntil, zone } = props;
  const write = useTaggedWrite<Body>(tag);
  const [asking, setAsking] = useState(false);
  const [hours, setHours] = useState<Hours>(DEFAULT_PAUSE_HOURS);
  const groupId = useId();
  // What was last sent, until the server's state shows it (no flicker back between delivery and
  // the list's refresh).
  const [sent, setSent] = useState<CampaignStatus | null>(null);
  useEffect(() => {
    if (sent !== null && (status === sent || write.failed)) setSent(null);
  }, [sent, status, write.failed]);
  const shown: CampaignStatus = write.queued?.status ?? sent ?? status;
  const pending = serverPending || write.pending || (sent !== null && sent !== status);
  const disabled = pending || blocked !== null || !write.known;
  const pausing = shown === 'active';
  const end = status === 'paused' && pausedUntil ? Date.parse(pausedUntil) : Number.NaN;
  useRenderAt(Number.isNaN(end) ? null : end);
  // The server's pause, as long as nothing else is on its way.
  const note = shown === 'paused' && status === 'paused' && !pending ? pauseNote(pausedUntil, zone) : null;
  const queuedTitle = write.queued
    ? write.queued.status === 'paused'
      ? `Pause for ${durationLabel(write.queued.pause_duration)}: waiting to be sent`
      : 'Activation: waiting to be sent'
    : CAMPAIGN_MESSAGES.pending;
  const messages =
    kind === 'Campaign'
      ? { paused: CAMPAIGN_MESSAGES.campaignPaused, active: CAMPAIGN_MESSAGES.campaignActivated }
      : { paused: CAMPAIGN_MESSAGES.countyPaused, active: CAMPAIGN_MESSAGES.countyActivated };

  async function change(body: Body) {
    await write.discard();
    try {
      const id = await send(body);
      setSent(body.status);
      write.track(id, messages[body.status]);
    } catch (error) {
      toastError('Error', error instanceof Error ? error.message : String(error));
    }
  }

  function confirm() {
    setAsking(false);
    void change(pausing ? { status: 'paused', pause_duration: hours } : { status: 'active' });
  }

  return (
    <span className="status-toggle">
      <button
        type="button"
        role="switch"
        aria-checked={shown === 'active'}
        aria-label={`${kind} ${name} ${shown === 'active' ? 'active' : 'paused'}`}
        className={`status-toggle__switch status-toggle__switch--${shown}`}
        disabled={disabled}
        title={pending ? CAMPAIGN_MESSAGES.pending : (blocked ?? undefined)}
        onClick={(event) => {
          event.stopPropagation();
          // Each pause starts from the spec's default, not the last one chosen here.
          setHours(DEFAULT_PAUSE_HOURS);
          setAsking(true);
        }}
      >
        <span className="status-toggle__knob" aria-hidden="true" />
      </button>
      <span className="status-toggle__text">
        {note ? note.text : shown === 'active' ? 'Active' : 'Paused'}
      </span>
      {note && !note.ended && blocked === null ? (
        <button
          type="button"
          className="link-button status-toggle__resume"
          aria-label={`Resume now: ${name}`}
          onClick={(event) => {
            event.stopPropagation();
            void change({ status: 'active' });
          }}
        >
          Resume now
        </button>
      ) : null}
      {pending ? (
        <span className="status-toggle__pending" title={queuedTitle}>
          {CAMPAIGN_MESSAGES.pending}
        </span>
      ) : null}
      {write.failed ? (
        <span className="status-toggle__failed" role="alert">
          {write.failed.body?.status === 'paused'
            ? `Pause for ${durationLabel(write.failed.body.pause_duration)} refused: `
            : 'Activation refused: '}
          {write.failed.error}{' '}
          <button type="button" className="link-button" onClick={() => void write.discard()}>
            Dismiss
          </button>
        </span>
      ) : null}
      {asking ? (
        <Modal
          title={pausing ? `Pause ${kind.toLowerCase()}` : `Activate ${kind.toLowerCase()}`}
          size="small"
          onClose={() => setAsking(false)}
          footer={
            <>
              <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
                Cancel
              </button>
              <button type="button" className="button button--primary" onClick={confirm}>
                {pausing ? 'Pause' : 'Activate'}
              </button>
            </>
          }
        >
          {pausing ? (
            <RadioGroup
              className="pause-durations"
              optionClassName="pause-durations__option"
              legend={`How long should ${name} be paused?`}
              legendId={groupId}
              name={groupId}
              options={PAUSE_DURATIONS.map((d) => ({ value: d.hours, label: d.label }))}
              value={hours}
              onChange={setHours}
            />
          ) : (
            <p>Activate {name}? It starts receiving leads again.</p>
          )}
        </Modal>
      ) : null}
    </span>
  );
}
