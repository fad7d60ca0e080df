/**
 * The Schedule tab's quicker way than 14 selects (a phone's first need): presets such as
 * 'Weekdays 8 AM–6 PM' or 'Every day, all day', and 'Copy Monday to weekdays'. Each changes the
 * form only (schedule-rules.ts keeps the half-hour rules); Save still sends it, and a line says so.
 */
import type { ScheduleBody } from '../../api/contracts/campaigns';
import { copyMondayToWeekdays, matchingPreset, SCHEDULE_PRESETS } from './schedule-rules';

type Days = ScheduleBody['schedule'];
type Props = {
  days: Days;
  disabled: boolean;
  onApply: (days: Days, done: string) => void;
};

const SAVE_HINT = 'Save to keep these hours.';

export function ScheduleQuickActions({ days, disabled, onApply }: Props) {
  const current = matchingPreset(days);
  return (
    <fieldset className="schedule-quick">
      <legend className="schedule-quick__title">Quick set</legend>
      {SCHEDULE_PRESETS.map((preset) => (
        <button
          key={preset.id}
          type="button"
          className="button button--ghost schedule-quick__action"
          aria-pressed={current === preset.label}
          disabled={disabled}
          onClick={() => onApply(preset.apply(days), `${preset.label} set. ${SAVE_HINT}`)}
        >
          {preset.label}
        </button>
      ))}
      <button
        type="button"
        className="button button--ghost schedule-quick__action"
        disabled={disabled}
        onClick={() =>
          onApply(copyMondayToWeekdays(days), `Monday's hours copied to Tuesday through Friday. ${SAVE_HINT}`)
        }
      >
        Copy Monday to weekdays
      </button>
    </fieldset>
  );
}
