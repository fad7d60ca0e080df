/**
 * The create-campaign modal (spec part 2 "Campaign creation"), one widget with two hosts: the
 * campaigns page's button and the overview's create_campaign task. Step 1 picks the platform,
 * the account and the service ('Next Step' needs account and service); step 2 picks counties and
 * their zips ('Create' needs at least one). Creating needs a connection: offline the modal says
 * so and keeps every choice. Success: 'Campaign has been created successfully.', then onCreated.
 *
 * A rules form (ui/form): the choices are its values and its rules are the two steps' needs, so a
 * button that is enabled always submits what the request's contract (CreateCampaignBody) takes.
 * Changing the platform clears the account, changing the account or the service clears the
 * locations chosen for them.
 */
import './create-campaign.css';
import { useId, useMemo, useState } from 'react';
import { CreateAccountsResponse, ServicesResponse } from '@/api/contracts/campaigns';
import { SETTINGS_PATH, UserSettings } from '@/api/contracts/session';
import { ApiError } from '@/api/errors';
import { newIdempotencyKey } from '@/sync/outbox';
import { useCachedRead } from '@/sync/use-cached-read';
import { FormField } from '@/ui/form/form-field';
import { useRulesForm } from '@/ui/form/use-rules-form';
import { Select } from '@/ui/inputs/select';
import { Modal } from '@/ui/modal';
import { toastSuccess } from '@/ui/toast';
import { accountsPath, createCampaign, servicesPath } from './create-campaign-api';
import { LocationPicker, type Selection } from './location-picker';

export type CreateCampaignModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated?: (campaign: { id: number; name: string }) => void;
};

type Values = { platform: string; account_id: string; service: string; locations: Selection };

const CHOOSE_ACCOUNT = 'Choose an account';
const CHOOSE_SERVICE = 'Choose a service';
const CHOOSE_LOCATION = 'Choose at least one location.';

const zipsOf = (selection: Selection) => Object.values(selection).flat();

export function CreateCampaignModal({ open, onClose, onCreated }: CreateCampaignModalProps) {
  const id = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const form = useRulesForm<Values>({
    defaultValues: { platform: '', account_id: '', service: '', locations: {} },
    rules: {
      account_id: (value) => (value ? null : CHOOSE_ACCOUNT),
      service: (value) => (value ? null : CHOOSE_SERVICE),
      locations: (_, values) =>
        step === 2 && zipsOf(values.locations).length === 0 ? CHOOSE_LOCATION : null,
    },
  });
  const values = form.watch();
  // The user's platforms (settings), then the chosen one's accounts (the spec's call).
  const settings = useCachedRead(UserSettings, open ? SETTINGS_PATH : null).data;
  const platforms = useMemo(() => [...new Set(settings?.platforms.map((p) => p.platform) ?? [])], [settings]);
  const platform = values.platform || platforms[0] || '';
  const choices =
    useCachedRead(CreateAccountsResponse, open && platform ? accountsPath(platform) : null).data?.accounts ??
    [];
  const services = useCachedRead(
    ServicesResponse,
    open && values.account_id ? servicesPath(platform) : null,
    {
      query: { account_ref_id: values.account_id },
    },
  ).data?.services;
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [key] = useState(newIdempotencyKey);

  if (!open) return null;

  const clear = (...names: ('account_id' | 'service')[]) => {
    for (const name of names) form.setValue(name, '');
    form.setValue('locations', {});
  };

  async function create({ account_id, service, locations }: Values) {
    if (posting) return;
    setPosting(true);
    setError(null);
    try {
      const answer = await createCampaign(
        platform,
        { account_id, service, locations: zipsOf(locations) },
        key,
      );
      toastSuccess('Success', answer.message);
      onCreated?.(answer.campaign);
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The campaign could not be created. Try again.');
    } finally {
      setPosting(false);
    }
  }

  const onSubmit = form.submitWith((valid) => (step === 1 ? setStep(2) : create(valid)));
  const chosen = zipsOf(values.locations).length > 0;
  const footer =
    step === 1 ? (
      <button
        type="submit"
        form={id}
        className="button button--primary"
        disabled={!values.account_id || !values.service}
      >
        Next Step
      </button>
    ) : (
      <>
        <button type="button" className="button button--ghost" onClick={() => setStep(1)}>
          Back
        </button>
        <button type="submit" form={id} className="button button--primary" disabled={!chosen || posting}>
          {posting ? 'Creating…' : 'Create'}
        </button>
      </>
    );

  return (
    <Modal title="Create Campaign" onClose={onClose} footer={footer}>
      <form id={id} noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="create-campaign__step">Step {step} of 2</p>
        {step === 1 ? (
          <div className="create-campaign__fields">
            <FormField form={form} name="platform">
              {(field) => (
                <Select
                  {...field}
                  id={`${id}-platform`}
                  label="Platform"
                  value={platform}
                  options={platforms.map((p) => ({ value: p, label: p }))}
                  onChange={(value) => {
                    field.onChange(value);
                    clear('account_id', 'service');
                  }}
                />
              )}
            </FormField>
            <FormField form={form} name="account_id">
              {(field) => (
                <Select
                  {...field}
                  id={`${id}-account`}
                  label="Account"
                  placeholder={CHOOSE_ACCOUNT}
                  options={choices.map((a) => ({ value: a.ref_id, label: a.name }))}
                  onChange={(value) => {
                    field.onChange(value);
                    clear('service');
                  }}
                />
              )}
            </FormField>
            <FormField form={form} name="service">
              {(field) => (
                <Select
                  {...field}
                  id={`${id}-service`}
                  label="Service"
                  placeholder={CHOOSE_SERVICE}
                  disabled={!values.account_id}
                  options={(services ?? []).map((s) => ({ value: s.name, label: s.label }))}
                  onChange={(value) => {
                    field.onChange(value);
                    clear();
                  }}
                />
              )}
            </FormField>
          </div>
        ) : (
          <LocationPicker
            accountRef={values.account_id}
            service={values.service}
            selection={values.locations}
            onChange={(next) => form.setValue('locations', next)}
          />
        )}
      </form>
      {error ? (
        <p className="create-campaign__error" role="alert">
          {error}
        </p>
      ) : null}
      {step === 2 && !chosen ? <p className="create-campaign__hint">{CHOOSE_LOCATION}</p> : null}
    </Modal>
  );
}
