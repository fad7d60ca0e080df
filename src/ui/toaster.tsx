/**
 * The toast container: top right, auto-close after 3000 ms (spec part 1 §9). Mounted once.
 *
 * Open dialogs sit in the browser's top layer and make the rest of the page inert, so the container
 * is portalled into the topmost open dialog (followTopDialog) and back to the body when none is
 * open: a toast is never dimmed, hidden under a drawer, or unclickable.
 */
import 'react-toastify/ReactToastify.css';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { followTopDialog } from './dialog';

export const TOAST_AUTO_CLOSE_MS = 3000;

export function Toaster() {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => followTopDialog(host), [host]);
  return createPortal(
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss
      pauseOnHover
      aria-label="Notifications"
    />,
    host,
  );
}
