/**
 * Lead transfer details (spec part 2 §3 "Lead transfer", §5, §9): where the leads of the task's
 * account are sent. The same settings the Account Settings linked-accounts tab edits, through the
 * same call (POST /client/accounts/{ref_id}/settings) and the same contract rules: destination
 * phone required, every phone 10 digits ('Invalid phone number'), optional emails valid ('Enter a
 * valid email address'); up to three destinations and SMS numbers only when the task says
 * show_multiple_destination_phones. The save goes through the outbox with the task's tag and
 * completes the task on the server; the toast is 'Settings saved successfully'. Like Account
 * Settings' save it carries the settings_version the form was filled from, so settings changed
 * meanwhile elsewhere show as a conflict in the outbox instead of being overwritten. A refusal's field
 * errors show under their fields (the values typed stay); other reasons show above the buttons.
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_TOASTS, AccountsSummaryResponse } from '../../api/contracts/account';
import { endpointPath } from '../../api/contracts/endpoints';
import { useCachedRead } from '../../sync/use-cached-read';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { useRefusalErrors } from '../../ui/form/use-refusal-errors';
import { SettingsFields, settingsValues } from '../lead-transfer/settings-fields';
import { useSettingsForm } from '../lead-transfer/use-settings-form';
import { taskTag } from './task-api';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

const SUMMARY_PATH = endpointPath('POST /client/accounts/summary');
const SUMMARY_BODY = {};
const settingsPath = (refId: string) =>
  endpointPath('POST /client/accounts/:ref_id/settings', { ref_id: refId });

export function LeadTransferForm({
  activityId,
  refId,
  multiple,
  onDone,
  onCancel,
}: {
  activityId: number | null;
  refId: string;
  multiple: boolean;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const summary = useCachedRead(AccountsSummaryResponse, SUMMARY_PATH, {
    method: 'POST',
    body: SUMMARY_BODY,
  });
  const account = summary.data?.accounts.find((a) => a.ref_id === refId);
  const { form, fields, bodyOf } = useSettingsForm(multiple, undefined);
  const [loaded, setLoaded] = useState(false);
  // The settings' version the form shows: what the save is based on.
  const [shown, setShown] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (account && !loaded && !form.formState.isDirty) {
      setLoaded(true);
      setShown(account.settings_version);
      form.reset(settingsValues(account.settings));
    }
  }, [account, loaded, form]);
  const task = useTaskSubmit({ header: ACCOUNT_TOASTS.settings }, onDone);
  // The server's field errors (a number no phone can dial) go under their fields, once per refusal.
  const refused = usePendingWrites(taskTag(activityId, 'lead_transfer_details')).latest;
  const fieldErrors = refused?.status === 'failed' ? refused.field_errors : undefined;
  const refusal = fieldErrors ? `${refused?.id}:${refused?.attempts}` : null;
  useRefusalErrors(form, refusal, fieldErrors);

  const submit = form.submitWith(async (values) => {
    await task.submit({
      activityId,
      key: 'lead_transfer_details',
      path: settingsPath(refId),
      label: account ? `Save settings of ${account.name}` : 'Lead transfer details',
      body: bodyOf(values),
      refresh: [SUMMARY_PATH],
      record: { version: shown },
    });
  });

  return (
    <form className="task-form" noValidate onSubmit={(event) => void submit(event)}>
      {account ? <p className="task-form__lead">{account.name}</p> : null}
      <div className="task-form__grid">
        <SettingsFields form={form} fields={fields} idPrefix="lead-transfer" />
      </div>
      <TaskFormError error={fieldErrors ? null : task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label="Save" />
    </form>
  );
}
