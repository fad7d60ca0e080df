/** The toast container: top right, auto-close after 3000 ms (spec part 1 §9). Mounted once. */
import 'react-toastify/ReactToastify.css';
import { ToastContainer } from 'react-toastify/unstyled';

export const TOAST_AUTO_CLOSE_MS = 3000;

export function Toaster() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss
      pauseOnHover
      aria-label="Notifications"
    />
  );
}
