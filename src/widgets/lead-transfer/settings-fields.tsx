/**
 * The lead transfer settings' fields (spec part 2 §3 "Linked account", "Lead transfer", §5), one
 * definition for the two forms that edit them: a linked account's card in Account Settings and the
 * overview's lead transfer task. The destination phone is required; the second and third
 * destinations and the SMS numbers show only when the account allows several; the three
 * notification emails always show.
 */
import { type AccountSettings, SETTINGS_FIELDS, type SettingsField } from '../../api/contracts/account';
import { FormField } from '../../ui/form/form-field';
import type { RulesForm } from '../../ui/form/use-rules-form';
import { EmailInput } from '../../ui/inputs/email-input';
import { PhoneInput } from '../../ui/inputs/phone-input';

export type SettingsValues = Record<SettingsField, string>;

export const SETTINGS_LABELS: Record<SettingsField, string> = {
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

/** The emails are trimmed before they are checked and sent. */
export const TRIMMED_SETTINGS: SettingsField[] = [
  'email_notification',
  'email_notification_2',
  'email_notification_3',
];

/** The fields a form shows: the extra destinations and SMS numbers only when allowed. */
export const shownSettingsFields = (multiple: boolean) =>
  SETTINGS_FIELDS.filter((field) => multiple || !MULTIPLE_ONLY.includes(field));

/** A form's values from stored settings (a field never set is empty). */
export const settingsValues = (source: Partial<AccountSettings> | undefined): SettingsValues =>
  Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, source?.[field] ?? ''])) as SettingsValues;

/** The fields, each with its label, input and message; ids are `${idPrefix}-${field}`. */
export function SettingsFields({
  form,
  fields,
  idPrefix,
}: {
  form: RulesForm<SettingsValues>;
  fields: readonly SettingsField[];
  idPrefix: string;
}) {
  return fields.map((field) => (
    <FormField key={field} form={form} name={field}>
      {(bound) =>
        field.startsWith('email') ? (
          <EmailInput id={`${idPrefix}-${field}`} label={SETTINGS_LABELS[field]} {...bound} />
        ) : (
          <PhoneInput
            id={`${idPrefix}-${field}`}
            label={SETTINGS_LABELS[field]}
            required={field === 'destination_phone'}
            {...bound}
          />
        )
      }
    </FormField>
  ));
}
