/**
 * The bell's foot for Web Push (issue 18): "Turn on notifications on this device" asks for the browser's
 * permission from the click and then subscribes this device to push, and says so; once on, a
 * device-level switch turns push off (and on again) for this device only. Without push support
 * it falls back to the page-only prompt. Also re-registers a switched-on device after sign-in
 * (usePushResume), since the server drops a device's subscription when its session signs out.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { disablePush, enablePush, onPushChange, pushState, resumePush } from '../sync/push';
import { requestNotificationPermission } from '../sync/system-notifications';
import { PROMPT_LABEL, SystemNotificationsPrompt } from '../sync/ui/system-notifications-prompt';

export const PUSH_ON = 'Notifications are on for this device, even while the portal is closed.';
export const PUSH_OFF = 'Notifications are off on this device.';
export const PUSH_FAILED = 'Could not turn on notifications. Check your connection and try again.';

export function usePushResume(userId: number): void {
  useEffect(() => {
    // Once per signed-in user (a new user on this device registers it again).
    if (userId > 0) void resumePush();
  }, [userId]);
}

export function PushPrompt() {
  const state = useSyncExternalStore(onPushChange, pushState, () => 'unsupported' as const);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (state === 'unsupported') return <SystemNotificationsPrompt />;
  if (state === 'blocked') return null;

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailed(false);
    void action()
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  const turnOn = () =>
    run(async () => {
      if (await requestNotificationPermission()) await enablePush();
      else await disablePush();
    });

  if (state === 'ask')
    return (
      <p className="bell__prompt">
        <button type="button" className="link link-button" disabled={busy} onClick={turnOn}>
          {PROMPT_LABEL}
        </button>
        <span className="bell__prompt-hint"> to get new notifications even while the portal is closed.</span>
        {failed && <span role="alert"> {PUSH_FAILED}</span>}
      </p>
    );
  return (
    <p className="bell__prompt">
      <span role="status">{state === 'on' ? PUSH_ON : PUSH_OFF}</span>{' '}
      <button
        type="button"
        className="link link-button"
        disabled={busy}
        onClick={() => run(state === 'on' ? disablePush : enablePush)}
      >
        {state === 'on' ? 'Turn off on this device' : 'Turn on for this device'}
      </button>
      {failed && <span role="alert"> {PUSH_FAILED}</span>}
    </p>
  );
}
