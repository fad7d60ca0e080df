/**
 * The create-campaign modal (spec part 2 "Campaign creation"), one widget with two hosts: the
 * campaigns page's button and the overview's create_campaign task. Step 1 picks the platform,
 * the account and the service ('Next Step' needs account and service); step 2 picks counties and
 * their zips ('Create' needs at least one). Creating needs a connection: offline the modal says
 * so and keeps every choice. Success: 'Campaign has been created successfully.', then onCreated.
 */
import './create-campaign.css';
import { useMemo, useState } from 'react';
import { CreateAccountsResponse, ServicesResponse } from '@/api/contracts/campaigns';
import { SETTINGS_PATH, UserSettings } from '@/api/contracts/session';
import { ApiError } from '@/api/errors';
import { newIdempotencyKey } from '@/sync/outbox';
import { useCachedRead } from '@/sync/use-cached-read';
import { Modal } from '@/ui/modal';
import { toastSuccess } from '@/ui/toast';
import { accountsPath, createCampaign, servicesPath } from './create-campaign-api';
import { LocationPicker, type Selection } from './location-picker';

export type CreateCampaignModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated?: (campaign: { id: number; name: string }) => void;
};

export function CreateCampaignModal({ open, onClose, onCreated }: CreateCampaignModalProps) {
  // The user's platforms (settings), then the chosen one's accounts (the spec's call).
  const settings = useCachedRead(UserSettings, open ? SETTINGS_PATH : null).data;
  const platforms = useMemo(() => [...new Set(settings?.platforms.map((p) => p.platform) ?? [])], [settings]);
  const [step, setStep] = useState<1 | 2>(1);
  const [platform, setPlatform] = useState('');
  const [accountRef, setAccountRef] = useState('');
  const [service, setService] = useState('');
  const [selection, setSelection] = useState<Selection>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const chosenPlatform = platform || platforms[0] || '';
  const choices =
    useCachedRead(CreateAccountsResponse, open && chosenPlatform ? accountsPath(chosenPlatform) : null).data
      ?.accounts ?? [];
  const services = useCachedRead(ServicesResponse, open && accountRef ? servicesPath(chosenPlatform) : null, {
    query: { account_ref_id: accountRef },
  }).data?.services;

  if (!open) return null;

  async function create() {
    const zips = [...selection.values()].flatMap((set) => [...set]);
    if (!zips.length || posting) return;
    setPosting(true);
    setError(null);
    try {
      const answer = await createCampaign(
        chosenPlatform,
        { account_id: accountRef, service, locations: zips },
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

  const footer =
    step === 1 ? (
      <button
        type="button"
        className="button button--primary"
        disabled={!accountRef || !service}
        onClick={() => setStep(2)}
      >
        Next Step
      </button>
    ) : (
      <>
        <button type="button" className="button button--ghost" onClick={() => setStep(1)}>
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={selection.size === 0 || posting}
          onClick={() => void create()}
        >
          {posting ? 'Creating…' : 'Create'}
        </button>
      </>
    );

  return (
    <Modal title="Create Campaign" onClose={onClose} footer={footer}>
      <p className="create-campaign__step">Step {step} of 2</p>
      {step === 1 ? (
        <div className="create-campaign__fields">
          <label className="field">
            <span className="field__label">Platform</span>
            <select
              className="input"
              value={chosenPlatform}
              onChange={(e) => {
                setPlatform(e.target.value);
                setAccountRef('');
                setService('');
              }}
            >
              {platforms.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Account</span>
            <select
              className="input"
              value={accountRef}
              onChange={(e) => {
                setAccountRef(e.target.value);
                setService('');
                setSelection(new Map());
              }}
            >
              <option value="">Choose an account</option>
              {choices.map((a) => (
                <option key={a.ref_id} value={a.ref_id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Service</span>
            <select
              className="input"
              value={service}
              disabled={!accountRef}
              onChange={(e) => {
                setService(e.target.value);
                setSelection(new Map());
              }}
            >
              <option value="">Choose a service</option>
              {(services ?? []).map((s) => (
                <option key={s.name} value={s.name}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : (
        <LocationPicker
          accountRef={accountRef}
          service={service}
          selection={selection}
          onChange={setSelection}
        />
      )}
      {error ? (
        <p className="create-campaign__error" role="alert">
          {error}
        </p>
      ) : null}
      {step === 2 && selection.size === 0 ? (
        <p className="create-campaign__hint">Choose at least one location.</p>
      ) : null}
    </Modal>
  );
}
