/**
 * The toast container: top right (below the app header), auto-close after 3000 ms (spec part 1
 * §9) with 150 ms in and out (toaster.css), paused while hovered but not when the window loses
 * focus (an error toast would otherwise outstay its 3000 ms). Mounted once.
 *
 * Open dialogs sit in the browser's top layer and make the rest of the page inert, so the container
 * is portalled into the topmost open dialog (followTopDialog) and back to the body when none is
 * open: a toast is never dimmed, hidden under a drawer, or unclickable.
 */
import 'react-toastify/ReactToastify.css';
import './toaster.css';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { cssTransition, ToastContainer } from 'react-toastify/unstyled';
import { followTopDialog } from './dialog';

export const TOAST_AUTO_CLOSE_MS = 3000;
const Quick = cssTransition({ enter: 'toast-enter', exit: 'toast-exit', collapseDuration: 150 });

export function Toaster() {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => followTopDialog(host), [host]);
  return createPortal(
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      transition={Quick}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
      pauseOnHover
      aria-label="Notifications"
    />,
    host,
  );
}
