/**
 * "Turn on desktop notifications" at the foot of the bell's list: asks for the browser's
 * permission from a click (browsers ignore a request that no click started). Shown only while the
 * browser supports notifications and the user has not answered yet.
 */
import { useState } from 'react';
import { requestNotificationPermission } from '../system-notifications';

const currentPermission = () =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

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
        Turn on desktop notifications
      </button>
      <span className="bell__prompt-hint">
        {' '}
        to see new notifications while the portal is in the background.
      </span>
    </p>
  );
}
