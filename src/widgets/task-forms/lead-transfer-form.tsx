/**
 * Lead transfer details (spec part 2 §3 "Lead transfer", §5, §9): where the leads of the task's
 * account are sent. The same settings the Account Settings linked-accounts tab edits, through the
 * same call (POST /client/accounts/{ref_id}/settings) and the same contract rules: destination
 * phone required, every phone 10 digits ('Invalid phone number'), optional emails valid ('Enter a
 * valid email address'); up to three destinations and SMS numbers only when the task says
 * show_multiple_destination_phones. The save goes through the outbox with the task's tag and
 * completes the task on the server; the toast is 'Settings saved successfully'. A refusal's field
 * errors show under their fields (the values typed stay); other reasons show above the buttons.
 */
import { useEffect, useRef, useState } from 'react';
import {
  ACCOUNT_TOASTS,
  type AccountSettings,
  AccountsSummaryResponse,
  SETTINGS_FIELDS,
  SETTINGS_RULES,
  type SettingsField,
} from '../../api/contracts/account';
import { check } from '../../lib/validation';
import { useCachedRead } from '../../sync/use-cached-read';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { FormField } from '../../ui/form/form-field';
import type { FieldRules } from '../../ui/form/rules-struct';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { EmailInput } from '../../ui/inputs/email-input';
import { PhoneInput } from '../../ui/inputs/phone-input';
import { taskTag } from './task-api';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

type Values = Record<SettingsField, string>;

const SUMMARY_PATH = '/client/accounts/summary';
const SUMMARY_BODY = {};
const settingsPath = (refId: string) => `/client/accounts/${encodeURIComponent(refId)}/settings`;

export const LEAD_TRANSFER_LABELS: Record<SettingsField, string> = {
  destination_phone: 'Destination Phone',
  destination_phone_2: 'Destination Phone 2',
  destination_phone_3: 'Destination Phone 3',
  sms_phone: 'SMS Phone',
  sms_phone_2: 'SMS Phone 2',
  sms_phone_3: 'SMS Phone 3',
  email_notification: 'Notification Email',
  email_notification_2: 'Notification Email 2',
  email_notification_3: 'Notification Email 3',
};
const MULTIPLE_ONLY: SettingsField[] = [
  'destination_phone_2',
  'destination_phone_3',
  'sms_phone_2',
  'sms_phone_3',
];

/** The fields the form shows: the extra destinations and SMS numbers only when allowed. */
export const leadTransferFields = (multiple: boolean) =>
  SETTINGS_FIELDS.filter((field) => multiple || !MULTIPLE_ONLY.includes(field));

const valuesOf = (source: Partial<AccountSettings> | undefined) =>
  Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, source?.[field] ?? ''])) as Values;

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
  const fields = leadTransferFields(multiple);
  const summary = useCachedRead(AccountsSummaryResponse, SUMMARY_PATH, {
    method: 'POST',
    body: SUMMARY_BODY,
  });
  const account = summary.data?.accounts.find((a) => a.ref_id === refId);
  const rules: FieldRules<Values> = {};
  for (const field of fields) rules[field] = (value: string) => check(value, ...SETTINGS_RULES[field]);
  const form = useRulesForm<Values>({
    defaultValues: valuesOf(undefined),
    rules,
    trimmed: ['email_notification', 'email_notification_2', 'email_notification_3'],
  });
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (account && !loaded && !form.formState.isDirty) {
      setLoaded(true);
      form.reset(valuesOf(account.settings));
    }
  }, [account, loaded, form]);
  const task = useTaskSubmit({ header: ACCOUNT_TOASTS.settings }, onDone);
  // The server's field errors (a number no phone can dial) go under their fields, once per refusal.
  const refused = usePendingWrites(taskTag(activityId, 'lead_transfer_details')).latest;
  const fieldErrors = refused?.status === 'failed' ? refused.field_errors : undefined;
  const refusal = fieldErrors ? `${refused?.id}:${refused?.attempts}` : null;
  const latest = useRef({ form, fieldErrors });
  latest.current = { form, fieldErrors };
  useEffect(() => {
    const { form: current, fieldErrors: errors } = latest.current;
    if (!refusal || !errors) return;
    SETTINGS_FIELDS.filter((name) => errors[name]?.[0]).forEach((name, index) => {
      current.setError(name, { type: 'server', message: errors[name][0] }, { shouldFocus: index === 0 });
    });
  }, [refusal]);

  const submit = form.submitWith(async (values) => {
    await task.submit({
      activityId,
      key: 'lead_transfer_details',
      path: settingsPath(refId),
      label: account ? `Save settings of ${account.name}` : 'Lead transfer details',
      body: Object.fromEntries(fields.map((f) => [f, values[f]])),
      refresh: [SUMMARY_PATH],
    });
  });

  return (
    <form className="task-form" noValidate onSubmit={(event) => void submit(event)}>
      {account ? <p className="task-form__lead">{account.name}</p> : null}
      <div className="task-form__grid">
        {fields.map((field) => (
          <FormField key={field} form={form} name={field}>
            {(bound) =>
              field.startsWith('email') ? (
                <EmailInput id={`lead-transfer-${field}`} label={LEAD_TRANSFER_LABELS[field]} {...bound} />
              ) : (
                <PhoneInput
                  id={`lead-transfer-${field}`}
                  label={LEAD_TRANSFER_LABELS[field]}
                  required={field === 'destination_phone'}
                  {...bound}
                />
              )
            }
          </FormField>
        ))}
      </div>
      <TaskFormError error={fieldErrors ? null : task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label="Save" />
    </form>
  );
}
