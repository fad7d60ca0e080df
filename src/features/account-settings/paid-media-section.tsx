/**
 * Paid Media / Ad Details (spec part 2 §3 "Client profile", "Paid media details payload", §5):
 * service categories (at least one), website, destination and SMS phones, service area and the
 * notification email. Saved through the outbox like Profile Details.
 */
import { useState } from 'react';
import type { Infer } from 'superstruct';
import {
  CATEGORIES_MESSAGE,
  type ClientProfile,
  PAID_MEDIA_RULES,
  type PaidMediaBody,
} from '../../api/contracts/account';
import type { ServicesResponse } from '../../api/contracts/signup';
import { useSession } from '../../db/use-session';
import type { CachedRead } from '../../sync/use-cached-read';
import { FormField, FormListField } from '../../ui/form/form-field';
import { fieldRules } from '../../ui/form/rules-lists';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { CategoriesSelect } from '../../ui/inputs/categories-select';
import { EmailInput } from '../../ui/inputs/email-input';
import { PhoneInput } from '../../ui/inputs/phone-input';
import { TextInput } from '../../ui/inputs/text-input';
import { UrlInput } from '../../ui/inputs/url-input';
import { PAID_MEDIA_TAG, savePaidMedia } from './account-api';
import { TOASTS } from './messages';
import { SaveState } from './save-state';
import { useOutboxSave } from './use-outbox-save';
import { useServerValues } from './use-server-values';

type Values = PaidMediaBody;
const TEXT_FIELDS = [
  'website',
  'destination_phone',
  'sms_phone',
  'service_area',
  'email_notification',
] as const;

function valuesOf(source: Partial<Values>): Values {
  const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, source[name] ?? '']));
  return { ...(text as Omit<Values, 'categories'>), categories: source.categories ?? [] };
}

const rules = {
  ...fieldRules<Values>(PAID_MEDIA_RULES),
  categories: (_: string, values: Values) => (values.categories.length === 0 ? CATEGORIES_MESSAGE : null),
};

type Props = {
  profile: ClientProfile;
  /** The service categories offered (GET /services), read by the tab with its other first reads. */
  services: CachedRead<Infer<typeof ServicesResponse>>;
  onSaved: () => void;
};

export function PaidMediaSection({ profile, services, onSaved }: Props) {
  const { user_id: userId } = useSession();
  const form = useRulesForm<Values>({
    defaultValues: valuesOf({ ...profile, categories: profile.categories_list.map((c) => c.name) }),
    rules,
    trimmed: ['website', 'service_area', 'email_notification'],
  });
  const save = useOutboxSave(PAID_MEDIA_TAG, form, TOASTS.paidMedia, onSaved);
  const [busy, setBusy] = useState(false);
  const [typedShown, setTypedShown] = useState(false);
  if (save.typed && !typedShown) {
    setTypedShown(true);
    form.reset(valuesOf(save.typed));
  }
  // Once delivered (or changed elsewhere), the server's values show: see use-server-values.ts.
  useServerValues(
    form,
    valuesOf({ ...profile, categories: profile.categories_list.map((c) => c.name) }),
    save,
  );

  const submit = form.submitWith(async (values) => {
    if (userId === null) return;
    setBusy(true);
    try {
      save.track(await savePaidMedia(userId, values));
    } finally {
      setBusy(false);
    }
  });

  const id = (name: string) => `paid-media-${name}`;
  const options = services.data?.services ?? profile.categories_list;
  return (
    <section className="settings-card" aria-labelledby="paid-media-title">
      <h2 id="paid-media-title" className="settings-card__title">
        Paid Media / Ad Details
      </h2>
      <form className="form settings-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="settings-form__grid">
          <FormListField form={form} name="categories" focusId={id('categories')}>
            {(field) => (
              <CategoriesSelect
                id={id('categories')}
                label="Service Categories"
                required
                options={options}
                hint={services.error && !services.data ? 'The category list could not be loaded.' : undefined}
                {...field}
              />
            )}
          </FormListField>
          <FormField form={form} name="website">
            {(field) => <UrlInput id={id('website')} label="Website" {...field} />}
          </FormField>
          <FormField form={form} name="destination_phone">
            {(field) => (
              <PhoneInput id={id('destination_phone')} label="Destination Phone" required {...field} />
            )}
          </FormField>
          <FormField form={form} name="sms_phone">
            {(field) => <PhoneInput id={id('sms_phone')} label="SMS Phone" {...field} />}
          </FormField>
          <FormField form={form} name="service_area">
            {(field) => <TextInput id={id('service_area')} label="Service Area" {...field} />}
          </FormField>
          <FormField form={form} name="email_notification">
            {(field) => (
              <EmailInput id={id('email_notification')} label="Notification Email" required {...field} />
            )}
          </FormField>
        </div>
        <SaveState busy={busy} pending={save.pending} failed={save.failed} conflict={save.conflict} />
      </form>
    </section>
  );
}
