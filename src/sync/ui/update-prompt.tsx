/**
 * "A new version is available - Reload": a bar at the bottom while a new version waits. Nothing
 * switches until the user clicks Reload, so a half-typed form is never lost.
 */
import './sync.css';
import { useState } from 'react';
import { applyUpdate, useUpdateWaiting } from '../update';

export const UPDATE_TEXT = 'A new version is available';

export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const [reloading, setReloading] = useState(false);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span className="update-prompt__text">{UPDATE_TEXT}</span>
      <button
        type="button"
        className="button button--primary update-prompt__button"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          applyUpdate();
        }}
      >
        {reloading ? 'Reloading…' : 'Reload'}
      </button>
    </div>
  );
}
