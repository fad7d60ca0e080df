/**
 * Toast helpers: the one way the app raises a toast, so every toast has the same header + body
 * shape. Shown by the <Toaster/> container (top right, 3000 ms, spec part 1 §9).
 *
 * Both this module and toaster.tsx use `react-toastify/unstyled` (its CSS is bundled instead of
 * injected at run time): the toast store is per entry point, so they must import the same one.
 * The library loads on the first toast (or when the container mounts), not before first paint;
 * a toast raised before the container is there waits in react-toastify's queue.
 */
import { createElement } from 'react';
import type { Id, ToastOptions } from 'react-toastify/unstyled';
import { ToastMessage } from './toast-message';

let toastify: Promise<typeof import('react-toastify/unstyled')> | undefined;
const loadToastify = () => {
  toastify ??= import('react-toastify/unstyled');
  return toastify;
};

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function showToast(kind: ToastKind, header: string, body?: string, options: ToastOptions = {}): Id {
  // Same text, same toast: a burst of identical failures shows once.
  const toastId = options.toastId ?? `${kind}:${header}:${body ?? ''}`;
  loadToastify()
    .then(({ toast }) =>
      toast(createElement(ToastMessage, { header, body }), { ...options, type: kind, toastId }),
    )
    .catch((error: unknown) => console.error('Could not show a toast', error));
  return toastId;
}

export const toastSuccess = (header: string, body?: string) => showToast('success', header, body);
export const toastError = (header: string, body?: string) => showToast('error', header, body);
export const toastInfo = (header: string, body?: string, options?: ToastOptions) =>
  showToast('info', header, body, options);
