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
 * What it shows and does is use-status-toggle.ts; the confirmation, status-confirm.tsx.
 */
import { useRef, useState } from 'react';
import { CAMPAIGN_MESSAGES, type StatusBody } from '../../api/contracts/campaigns';
import { StatusConfirm } from './status-confirm';
import { durationLabel, type ToggleState, useStatusToggle } from './use-status-toggle';

export type StatusToggleProps = ToggleState & { name: string };

type Refused = { error: string; body: StatusBody | null };

/** A refused change: what was asked, the server's reason, and Dismiss. */
function StatusRefused({ failed, onDismiss }: { failed: Refused; onDismiss: () => void }) {
  return (
    <span className="status-toggle__failed" role="alert">
      {failed.body?.status === 'paused'
        ? `Pause for ${durationLabel(failed.body.pause_duration)} refused: `
        : 'Activation refused: '}
      {failed.error}{' '}
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </span>
  );
}

export function StatusToggle(props: StatusToggleProps) {
  const { kind, name, blocked } = props;
  const { write, shown, pending, disabled, note, queuedTitle, change } = useStatusToggle(props);
  const [asking, setAsking] = useState(false);
  const switchRef = useRef<HTMLButtonElement>(null);
  // While a change waits the switch is only marked disabled (aria-disabled), so it keeps the
  // keyboard's focus: the confirmation gives focus back to it, and Resume now (which goes away
  // while its change waits) hands focus to it. Blocked, or not yet known, it is truly disabled.
  const unusable = blocked !== null || !write.known;

  return (
    <span className="status-toggle">
      <button
        type="button"
        role="switch"
        aria-checked={shown === 'active'}
        aria-label={`${kind} ${name} ${shown === 'active' ? 'active' : 'paused'}`}
        ref={switchRef}
        className={`status-toggle__switch status-toggle__switch--${shown}`}
        disabled={unusable}
        aria-disabled={disabled || undefined}
        title={pending ? CAMPAIGN_MESSAGES.pending : (blocked ?? undefined)}
        onClick={(event) => {
          event.stopPropagation();
          if (!disabled) setAsking(true);
        }}
      >
        <span className="status-toggle__knob" aria-hidden="true" />
      </button>
      <span className="status-toggle__text">
        {note ? note.text : shown === 'active' ? 'Active' : 'Paused'}
      </span>
      {note && !note.ended && !unusable ? (
        <button
          type="button"
          className="link-button status-toggle__resume"
          aria-label={`Resume now: ${name}`}
          onClick={(event) => {
            event.stopPropagation();
            switchRef.current?.focus();
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
      {write.failed ? <StatusRefused failed={write.failed} onDismiss={() => void write.discard()} /> : null}
      {asking ? (
        <StatusConfirm
          kind={kind}
          name={name}
          pausing={shown === 'active'}
          onClose={() => setAsking(false)}
          onConfirm={(body) => {
            setAsking(false);
            void change(body);
          }}
        />
      ) : null}
    </span>
  );
}
