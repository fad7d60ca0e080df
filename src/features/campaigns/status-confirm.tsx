/**
 * The switch's confirmation (spec part 3 §4): pausing asks how long (3 hours by default ... 7
 * days; each pause starts from the default), activating asks to confirm.
 */
import { useId, useState } from 'react';
import { DEFAULT_PAUSE_HOURS, PAUSE_DURATIONS, type StatusBody } from '../../api/contracts/campaigns';
import { RadioGroup } from '../../ui/inputs/radio-group';
import { Modal } from '../../ui/modal';

type Hours = NonNullable<StatusBody['pause_duration']>;

type StatusConfirmProps = {
  kind: 'Campaign' | 'County';
  name: string;
  pausing: boolean;
  onClose: () => void;
  onConfirm: (body: StatusBody) => void;
};

export function StatusConfirm({ kind, name, pausing, onClose, onConfirm }: StatusConfirmProps) {
  const [hours, setHours] = useState<Hours>(DEFAULT_PAUSE_HOURS);
  const groupId = useId();
  return (
    <Modal
      title={pausing ? `Pause ${kind.toLowerCase()}` : `Activate ${kind.toLowerCase()}`}
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              onConfirm(pausing ? { status: 'paused', pause_duration: hours } : { status: 'active' })
            }
          >
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
  );
}
