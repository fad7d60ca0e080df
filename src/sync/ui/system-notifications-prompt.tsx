/**
 * "Turn on notifications on this device" at the foot of the bell's list: asks for the browser's
 * permission from a click (browsers ignore a request that no click started). Shown only while the
 * browser supports notifications and the user has not answered yet. The wording fits a phone as
 * well as a desktop (it never says "desktop").
 */
import { useState } from 'react';
import { requestNotificationPermission } from '../system-notifications';

const currentPermission = () =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

export const PROMPT_LABEL = 'Turn on notifications on this device';

export function SystemNotificationsPrompt() {
  const [permission, setPermission] = useState(currentPermission);
  if (permission !== 'default') return null;
  return (
    <p className="bell__prompt">
      <button
        type="button"
        className="link link-button"
        onClick={() => {
          void requestNotificationPermission().then(() => setPermission(currentPermission()));
        }}
      >
        {PROMPT_LABEL}
      </button>
      <span className="bell__prompt-hint">
        {' '}
        to hear about new leads and notices while the portal is closed or in the background.
      </span>
    </p>
  );
}
