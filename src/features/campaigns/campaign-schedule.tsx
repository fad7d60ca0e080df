/**
 * The drawer's Schedule tab: enable_call_schedule and, per weekday, open or closed, 24 hours, or
 * from/to in half-hour slots (listed from 09:00 AM around the clock), with quick actions above
 * (presets, copy Monday to weekdays). Saving checks the hours first (schedule-rules.ts, the
 * server's words) and goes through the outbox: shown as pending at once, delivered once, 'Call
 * schedule hours has been updated successfully' after delivery; a refusal shows the server's
 * message and keeps the hours chosen (the form starts from the queued or refused values, else the
 * server's, once the outbox has said which). A change saved while an earlier one still waits goes
 * on top of it (schedule-save.ts: one write with the newest hours, or in order behind one on the
 * wire), so Save is never held back by a queued change.
 *
 * A rules form (ui/form) holds the schedule; its rule is scheduleProblems(), checked in the click
 * of Save (checkNow), and once it has spoken every problem shows and follows the edits. The
 * toggles are ui/inputs Checkboxes.
 */
import { useEffect, useState } from 'react';
import {
  CAMPAIGN_MESSAGES,
  type CampaignDetail,
  type ScheduleBody,
  type ScheduleDay,
  ScheduleResponse,
} from '../../api/contracts/campaigns';
import { useCachedRead } from '../../sync/use-cached-read';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { Checkbox } from '../../ui/inputs/checkbox';
import { Select } from '../../ui/inputs/select';
import { schedulePath, scheduleTag } from './campaigns-api';
import { ScheduleQuickActions } from './schedule-quick-actions';
import { scheduleProblems } from './schedule-rules';
import { queueSchedule } from './schedule-save';
import { useTaggedWrite } from './use-tagged-write';

const SLOTS = Array.from({ length: 48 }, (_, i) => {
  const minutes = ((i + 18) % 48) * 30; // 09:00 first
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const value = `${String(h).padStart(2, '0')}:${m === 0 ? '00' : '30'}`;
  const label = `${((h + 11) % 12) + 1}:${m === 0 ? '00' : '30'} ${h < 12 ? 'AM' : 'PM'}`;
  return { value, label };
});
const DAY_LABEL = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

export function CampaignSchedule({ campaign, userId }: { campaign: CampaignDetail; userId: number | null }) {
  const read = useCachedRead(ScheduleResponse, schedulePath(campaign.id));
  const write = useTaggedWrite<ScheduleBody>(scheduleTag(campaign.id));
  const start = write.known ? (write.queued ?? write.failed?.body ?? read.data ?? null) : null;
  const schedule = useRulesForm<ScheduleBody>({
    defaultValues: { enable_call_schedule: false, schedule: [] },
    rules: { schedule: (_, values) => scheduleProblems(values.schedule)[0] ?? null },
  });
  const { reset } = schedule;
  const [ready, setReady] = useState(false);
  // After a Save was tried: the problems follow the form until it is fine.
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState('');
  useEffect(() => {
    if (!start || ready) return;
    reset({ enable_call_schedule: start.enable_call_schedule, schedule: start.schedule });
    setReady(true);
  }, [start, ready, reset]);
  const form = schedule.watch();

  if (!ready) {
    return read.loading ? (
      <p className="campaign-empty">Loading…</p>
    ) : (
      <p role="alert">{read.error?.message}</p>
    );
  }
  const setDay = (weekday: number, patch: Partial<ScheduleDay>) => {
    setDone('');
    setSchedule(form.schedule.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)));
  };
  const setSchedule = (days: ScheduleBody['schedule']) => {
    schedule.setValue('schedule', days);
    if (checked) schedule.checkField('schedule');
  };
  const problems = checked && schedule.formState.errors.schedule ? scheduleProblems(form.schedule) : [];

  async function save() {
    if (userId === null) return;
    setChecked(true);
    const body = schedule.checkNow();
    if (!body) return;
    setDone('');
    // Queued before anything is awaited: journaled in the tap's task (sync/outbox-edits.ts).
    const queued = queueSchedule(userId, campaign, body);
    await write.discard();
    write.track(await queued, CAMPAIGN_MESSAGES.scheduleUpdated);
  }

  return (
    <form
      className="campaign-schedule"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Checkbox
        className="campaign-schedule__enable"
        label="Enable call schedule"
        checked={form.enable_call_schedule}
        disabled={campaign.is_locked}
        onChange={(checked) => schedule.setValue('enable_call_schedule', checked)}
      />
      <ScheduleQuickActions
        days={form.schedule}
        disabled={campaign.is_locked}
        onApply={(days, message) => {
          setSchedule(days);
          setDone(message);
        }}
      />
      <p className="schedule-quick__done" aria-live="polite">
        {done}
      </p>
      <fieldset className="campaign-schedule__days" disabled={campaign.is_locked}>
        <legend className="visually-hidden">Call hours per day</legend>
        {form.schedule.map((d) => {
          const hours = d.is_opened && !d.is_24_hours;
          return (
            <div key={d.weekday} className="schedule-day" data-day={d.day}>
              <span className="schedule-day__name">{DAY_LABEL(d.day)}</span>
              <Checkbox
                label="Open"
                checked={d.is_opened}
                onChange={(checked) =>
                  setDay(d.weekday, {
                    is_opened: checked,
                    ...(checked
                      ? { from: d.from ?? '09:00', to: d.to ?? '17:00' }
                      : { from: null, to: null }),
                  })
                }
              />
              <Checkbox
                label="24 hours"
                checked={d.is_24_hours}
                disabled={!d.is_opened}
                onChange={(checked) =>
                  setDay(d.weekday, {
                    is_24_hours: checked,
                    ...(checked ? { from: null, to: null } : { from: '09:00', to: '17:00' }),
                  })
                }
              />
              {hours ? (
                <span className="schedule-day__hours">
                  <SlotSelect
                    label={`${DAY_LABEL(d.day)} from`}
                    value={d.from}
                    onChange={(from) => setDay(d.weekday, { from })}
                  />
                  <span aria-hidden="true">–</span>
                  <SlotSelect
                    label={`${DAY_LABEL(d.day)} to`}
                    value={d.to}
                    onChange={(to) => setDay(d.weekday, { to })}
                  />
                </span>
              ) : (
                <span className="schedule-day__closed">{d.is_opened ? 'All day' : 'Closed'}</span>
              )}
            </div>
          );
        })}
      </fieldset>
      {problems.length > 0 ? (
        <ul className="campaign-schedule__failed" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {write.failed ? (
        <p className="campaign-schedule__failed" role="alert">
          {write.failed.error}{' '}
          <button type="button" className="link-button" onClick={() => void write.discard()}>
            Dismiss
          </button>
        </p>
      ) : null}
      <div className="campaign-schedule__footer">
        {write.pending ? <span className="status-toggle__pending">{CAMPAIGN_MESSAGES.pending}</span> : null}
        <button type="submit" className="button button--primary" disabled={campaign.is_locked}>
          Save
        </button>
      </div>
    </form>
  );
}

function SlotSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (v: string) => void;
}) {
  return (
    <Select
      className="schedule-day__slot"
      aria-label={label}
      value={value ?? ''}
      options={SLOTS}
      onChange={onChange}
    />
  );
}
