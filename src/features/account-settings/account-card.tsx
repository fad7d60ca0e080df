/**
 * One linked account (spec part 2 §3 "Linked account", §5 Linked account settings): name,
 * username and brand, and its lead transfer settings when it has any: the destination phone
 * (required), up to three destinations and three SMS numbers only when the account allows several,
 * and three notification emails. Saved through the outbox; the server's field errors show under
 * their fields, its other refusals above the button.
 */
import { useState } from 'react';
import {
  type AccountSettingsBody,
  type LinkedAccount,
  SETTINGS_FIELDS,
  SETTINGS_RULES,
  type SettingsField,
} from '../../api/contracts/account';
import { useSession } from '../../db/use-session';
import { FormField } from '../../ui/form/form-field';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { EmailInput } from '../../ui/inputs/email-input';
import { PhoneInput } from '../../ui/inputs/phone-input';
import { saveAccountSettings, settingsTag } from './account-api';
import { TOASTS } from './messages';
import { formRules } from './rules';
import { SaveState } from './save-state';
import { useOutboxSave } from './use-outbox-save';

type Values = Record<SettingsField, string>;

const LABELS: Record<SettingsField, string> = {
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

export const shownFields = (multiple: boolean) =>
  SETTINGS_FIELDS.filter((field) => multiple || !MULTIPLE_ONLY.includes(field));

const valuesOf = (source: Partial<Values>) =>
  Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, source[field] ?? ''])) as Values;

function SettingsForm({ account, onSaved }: { account: LinkedAccount; onSaved: () => void }) {
  const { user_id: userId } = useSession();
  const fields = shownFields(account.show_multiple_destination_phones);
  const form = useRulesForm<Values>({
    defaultValues: valuesOf(account.settings),
    rules: formRules<Values>(Object.fromEntries(fields.map((f) => [f, SETTINGS_RULES[f]]))),
    trimmed: ['email_notification', 'email_notification_2', 'email_notification_3'],
  });
  const save = useOutboxSave(settingsTag(account.ref_id), form, TOASTS.settings, onSaved);
  const [busy, setBusy] = useState(false);
  const [typedShown, setTypedShown] = useState(false);
  if (save.typed && !typedShown) {
    setTypedShown(true);
    form.reset(valuesOf(save.typed));
  }

  const submit = form.submitWith(async (values) => {
    if (userId === null) return;
    setBusy(true);
    try {
      const body = Object.fromEntries(fields.map((f) => [f, values[f]])) as AccountSettingsBody;
      save.track(await saveAccountSettings(userId, account, body));
    } finally {
      setBusy(false);
    }
  });

  const id = (field: string) => `settings-${account.ref_id}-${field}`;
  return (
    <form className="form settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="settings-form__grid">
        {fields.map((field) => (
          <FormField key={field} form={form} name={field}>
            {(bound) =>
              field.startsWith('email') ? (
                <EmailInput id={id(field)} label={LABELS[field]} {...bound} />
              ) : (
                <PhoneInput
                  id={id(field)}
                  label={LABELS[field]}
                  required={field === 'destination_phone'}
                  {...bound}
                />
              )
            }
          </FormField>
        ))}
      </div>
      <SaveState label="Save Settings" busy={busy} pending={save.pending} failed={save.failed} />
    </form>
  );
}

export function AccountCard({ account, onSaved }: { account: LinkedAccount; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = `account-${account.ref_id}-settings`;
  return (
    <article className="settings-card account-card" aria-label={account.name}>
      <div className="account-card__head">
        <div>
          <h3 className="account-card__name">{account.name}</h3>
          <p className="account-card__meta">
            {account.username ? <span>Username: {account.username}</span> : null}
            {account.brand ? (
              <span className="account-card__brand">{account.brand.toUpperCase()}</span>
            ) : null}
          </p>
        </div>
        {account.has_settings ? (
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide Settings' : 'Settings'}
          </button>
        ) : null}
      </div>
      {open ? (
        <div id={panelId}>
          <SettingsForm account={account} onSaved={onSaved} />
        </div>
      ) : null}
    </article>
  );
}
