/**
 * Toast helpers: the one way the app raises a toast, so every toast has the same header + body
 * shape. Shown by the <Toaster/> container (top right, 3000 ms, spec part 1 §9).
 *
 * Both this module and toaster.tsx use `react-toastify/unstyled` (its CSS is bundled instead of
 * injected at run time): the toast store is per entry point, so they must import the same one.
 */
import { createElement } from 'react';
import { type Id, type ToastOptions, toast } from 'react-toastify/unstyled';
import { ToastMessage } from './toast-message';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function showToast(kind: ToastKind, header: string, body?: string, options: ToastOptions = {}): Id {
  // Same text, same toast: a burst of identical failures shows once.
  const toastId = options.toastId ?? `${kind}:${header}:${body ?? ''}`;
  return toast(createElement(ToastMessage, { header, body }), { ...options, type: kind, toastId });
}

export const toastSuccess = (header: string, body?: string) => showToast('success', header, body);
export const toastError = (header: string, body?: string) => showToast('error', header, body);
export const toastInfo = (header: string, body?: string, options?: ToastOptions) =>
  showToast('info', header, body, options);
