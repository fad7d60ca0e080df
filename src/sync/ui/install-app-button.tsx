/**
 * "Install app": shown only while the browser offers to install the portal (Chromium's
 * beforeinstallprompt); a click opens the browser's own install dialog. Where room is short (the
 * header below 1440 px) the label is hidden on screen and only the icon shows, so the button never
 * pushes into the tabs; the name stays for screen readers and as the tooltip.
 */
import './sync.css';
import { promptInstall, useCanInstall } from '../install';

export function InstallAppButton({ className = 'install-app-button' }: { className?: string }) {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <button type="button" className={className} title="Install app" onClick={() => void promptInstall()}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M12 3v12m0 0 4.5-4.5M12 15l-4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="install-app-button__label">Install app</span>
    </button>
  );
}
