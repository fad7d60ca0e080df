/**
 * One linked account (spec part 2 §3 "Linked account", §5 Linked account settings): name,
 * username and brand, and its lead transfer settings when it has any: the destination phone
 * (required), up to three destinations and three SMS numbers only when the account allows several,
 * and three notification emails. Saved through the outbox; the server's field errors show under
 * their fields, its other refusals above the button.
 */
import { useState } from 'react';
import type { LinkedAccount } from '../../api/contracts/account';
import { useSession } from '../../db/use-session';
import { SettingsFields, settingsValues } from '../../widgets/lead-transfer/settings-fields';
import { useSettingsForm } from '../../widgets/lead-transfer/use-settings-form';
import { saveAccountSettings, settingsTag } from './account-api';
import { TOASTS } from './messages';
import { SaveState } from './save-state';
import { useOutboxSave } from './use-outbox-save';

function SettingsForm({ account, onSaved }: { account: LinkedAccount; onSaved: () => void }) {
  const { user_id: userId } = useSession();
  const { form, fields, bodyOf } = useSettingsForm(
    account.show_multiple_destination_phones,
    account.settings,
  );
  const save = useOutboxSave(settingsTag(account.ref_id), form, TOASTS.settings, onSaved);
  const [busy, setBusy] = useState(false);
  const [typedShown, setTypedShown] = useState(false);
  if (save.typed && !typedShown) {
    setTypedShown(true);
    form.reset(settingsValues(save.typed));
  }

  const submit = form.submitWith(async (values) => {
    if (userId === null) return;
    setBusy(true);
    try {
      save.track(await saveAccountSettings(userId, account, bodyOf(values)));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="form settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="settings-form__grid">
        <SettingsFields form={form} fields={fields} idPrefix={`settings-${account.ref_id}`} />
      </div>
      <SaveState
        label="Save Settings"
        busy={busy}
        pending={save.pending}
        failed={save.failed}
        conflict={save.conflict}
      />
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
