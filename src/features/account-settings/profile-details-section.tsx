/**
 * Profile Details (spec part 2 §2, §3 "Client business_profile", §5 Profile): the logo and current
 * package, then first and last name, business name, Role (job_title), phone, address (with
 * autocomplete), time zone and the read-only email. Saved through the outbox (works offline, with
 * the pending marker; a refusal keeps what was typed and shows the server's messages).
 */
import { useRef, useState } from 'react';
import {
  type BusinessProfile,
  type ClientProfile,
  PROFILE_RULES,
  type ProfileBody,
  TIME_ZONES,
} from '../../api/contracts/account';
import { useSession } from '../../db/use-session';
import { FormField } from '../../ui/form/form-field';
import { fieldRules } from '../../ui/form/rules-lists';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { PhoneInput } from '../../ui/inputs/phone-input';
import { TextInput } from '../../ui/inputs/text-input';
import { AddressAutocomplete } from '../../widgets/address-autocomplete/address-autocomplete';
import { PROFILE_TAG, rememberProfile, saveProfile } from './account-api';
import { LogoControls } from './logo-controls';
import { TOASTS } from './messages';
import { SaveState } from './save-state';
import { TimeZoneSelect } from './time-zone-select';
import { useOutboxSave } from './use-outbox-save';
import { useServerValues } from './use-server-values';

type Values = Omit<ProfileBody, 'time_zone'> & { time_zone: string };
const FIELDS = ['first_name', 'last_name', 'business_name', 'job_title', 'phone_number', 'address'] as const;

function valuesOf(source: Partial<Values>): Values {
  const values = Object.fromEntries(FIELDS.map((name) => [name, source[name] ?? ''])) as Values;
  return { ...values, time_zone: source.time_zone ?? 'et' };
}

type Props = { business: BusinessProfile; profile: ClientProfile | undefined; onSaved: () => void };

export function ProfileDetailsSection({ business, profile, onSaved }: Props) {
  const { user_id: userId } = useSession();
  const form = useRulesForm<Values>({
    defaultValues: valuesOf(business),
    rules: fieldRules<Values>(PROFILE_RULES),
    trimmed: ['first_name', 'last_name', 'business_name', 'job_title', 'address'],
  });
  const saved = useRef<ProfileBody | null>(null);
  const save = useOutboxSave(PROFILE_TAG, form, TOASTS.profile, () => {
    if (saved.current) void rememberProfile(saved.current);
    onSaved();
  });
  const [busy, setBusy] = useState(false);
  const [typedShown, setTypedShown] = useState(false);
  if (save.typed && !typedShown) {
    setTypedShown(true);
    form.reset(valuesOf(save.typed));
  }
  // Once delivered (or changed elsewhere), the server's values show: see use-server-values.ts.
  useServerValues(form, valuesOf(business), save);

  const submit = form.submitWith(async (values) => {
    if (userId === null) return;
    setBusy(true);
    try {
      const body = { ...values, time_zone: values.time_zone as ProfileBody['time_zone'] };
      saved.current = body;
      save.track(await saveProfile(userId, body));
    } finally {
      setBusy(false);
    }
  });

  const id = (name: string) => `profile-${name}`;
  return (
    <section className="settings-card" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="settings-card__title">
        Profile Details
      </h2>
      <div className="profile-summary">
        <LogoControls
          logoUrl={profile?.logo_url}
          logoVersion={profile?.logo_version}
          initial={business.business_name.slice(0, 1).toUpperCase()}
          onChanged={onSaved}
        />
        <div>
          <p className="profile-summary__label">Current package</p>
          <p className="profile-summary__value">{profile ? (profile.package ?? 'No active package') : '…'}</p>
        </div>
      </div>
      <form className="form settings-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="settings-form__grid">
          <FormField form={form} name="first_name">
            {(field) => (
              <TextInput
                id={id('first_name')}
                label="First Name"
                required
                autoComplete="given-name"
                {...field}
              />
            )}
          </FormField>
          <FormField form={form} name="last_name">
            {(field) => (
              <TextInput
                id={id('last_name')}
                label="Last Name"
                required
                autoComplete="family-name"
                {...field}
              />
            )}
          </FormField>
          <FormField form={form} name="business_name">
            {(field) => (
              <TextInput
                id={id('business_name')}
                label="Business Name"
                required
                autoComplete="organization"
                {...field}
              />
            )}
          </FormField>
          <FormField form={form} name="job_title">
            {(field) => (
              <TextInput
                id={id('job_title')}
                label="Role"
                required
                autoComplete="organization-title"
                {...field}
              />
            )}
          </FormField>
          <FormField form={form} name="phone_number">
            {(field) => <PhoneInput id={id('phone_number')} label="Phone Number" required {...field} />}
          </FormField>
          <TextInput id={id('email')} label="Email" value={business.email} onChange={() => {}} readOnly />
          <FormField form={form} name="address">
            {(field) => <AddressAutocomplete id={id('address')} label="Address" required {...field} />}
          </FormField>
          <FormField form={form} name="time_zone">
            {(field) => <TimeZoneSelect id={id('time_zone')} zones={TIME_ZONES} {...field} />}
          </FormField>
        </div>
        <SaveState busy={busy} pending={save.pending} failed={save.failed} conflict={save.conflict} />
      </form>
    </section>
  );
}
