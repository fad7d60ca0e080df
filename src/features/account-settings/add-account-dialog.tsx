/**
 * The add-existing-account modal (spec part 2 §2, §4, §6): choose the platform (live or direct,
 * the first selected), then continue to the legacy client portal in a new tab, where the
 * existing account is connected. The portal's address is configuration (LEGACY_PORTAL_URL).
 */
import { useState } from 'react';
import { LEGACY_PORTAL_URL } from '../../lib/config';
import { RadioGroup } from '../../ui/inputs/radio-group';
import { Modal } from '../../ui/modal';

export const ADDABLE_PLATFORMS = [
  { value: 'live', label: 'Live' },
  { value: 'direct', label: 'Direct' },
] as const;

export function legacyPortalLink(platform: string): string {
  const url = new URL(LEGACY_PORTAL_URL);
  url.searchParams.set('platform', platform);
  return url.toString();
}

export function AddAccountDialog({ onClose }: { onClose: () => void }) {
  const [platform, setPlatform] = useState<string>(ADDABLE_PLATFORMS[0].value);
  const proceed = () => {
    window.open(legacyPortalLink(platform), '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <Modal
      title="Add Existing Account"
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={proceed}>
            Add account
          </button>
        </>
      }
    >
      <RadioGroup
        className="platform-choice"
        optionClassName="platform-choice__option"
        legend="Which platform is the account on?"
        name="platform"
        options={ADDABLE_PLATFORMS}
        value={platform}
        onChange={setPlatform}
      />
      <p className="settings-card__hint">
        You sign in to the client portal in a new tab to connect the account.
      </p>
    </Modal>
  );
}
