/**
 * The card provider's hosted-fields script (spec part 1 §7 "a card payment provider script ...
 * loaded dynamically"): loaded once per page from a configurable address
 * (VITE_PAYMENT_SCRIPT_URL; by default the reference server's sandbox, same origin, so the strict
 * CSP allows it). A failed load is forgotten, so the next form tries again.
 */

export type HostedFieldsOptions = {
  token: string;
  type: 'card' | 'ach';
  onValidity?: (valid: boolean) => void;
  /** The customer edited one of the fields (what they typed stays with the provider). */
  onChange?: () => void;
  onError?: (message: string) => void;
  onReady?: () => void;
};

export type ProviderAccount = {
  ps_account_id: string;
  ps_customer_id: string;
  type: 'card' | 'ach';
  brand: string | null;
  last_four: string;
};

export type HostedFieldsController = {
  tokenize: (billing: { firstName: string; lastName: string; email: string }) => Promise<ProviderAccount>;
  destroy: () => void;
};

export type PaymentProvider = {
  mount: (container: HTMLElement, options: HostedFieldsOptions) => HostedFieldsController;
};

declare global {
  interface Window {
    PaySandbox?: PaymentProvider;
  }
}

const env = import.meta.env as Record<string, string | undefined>;

export const PAYMENT_SCRIPT_URL =
  env.VITE_PAYMENT_SCRIPT_URL?.trim() || '/sandbox/paysimple/hosted-fields.js';

let loading: Promise<PaymentProvider> | null = null;

export function loadProvider(src = PAYMENT_SCRIPT_URL): Promise<PaymentProvider> {
  if (window.PaySandbox) return Promise.resolve(window.PaySandbox);
  if (loading) return loading;
  loading = new Promise<PaymentProvider>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.PaySandbox
        ? resolve(window.PaySandbox)
        : reject(new Error('The payment provider did not start.'));
    script.onerror = () => {
      script.remove();
      reject(new Error("The payment form couldn't be loaded."));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
