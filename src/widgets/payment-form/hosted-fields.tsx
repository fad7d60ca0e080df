/**
 * Where the provider's hosted card or bank fields appear: loads the provider script, mounts its
 * iframe with the checkout token, and hands the form a controller to tokenize with. The portal
 * only learns whether the fields are valid, never what is typed in them.
 */
import { useEffect, useRef, useState } from 'react';
import { type HostedFieldsController, loadProvider } from './provider-script';

export type HostedFieldsProps = {
  token: string;
  type: 'card' | 'ach';
  onValidity: (valid: boolean) => void;
  /** The customer edited a field. */
  onChange?: () => void;
  onError: (message: string) => void;
  onController: (controller: HostedFieldsController | null) => void;
};

export function HostedFields({
  token,
  type,
  onValidity,
  onChange,
  onError,
  onController,
}: HostedFieldsProps) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Callbacks change every render; the iframe must not be remounted for that.
  const callbacks = useRef({ onValidity, onChange, onError, onController });
  callbacks.current = { onValidity, onChange, onError, onController };

  useEffect(() => {
    let cancelled = false;
    let controller: HostedFieldsController | null = null;
    setStatus('loading');
    loadProvider()
      .then((provider) => {
        if (cancelled || !container.current) return;
        controller = provider.mount(container.current, {
          token,
          type,
          onValidity: (valid) => callbacks.current.onValidity(valid),
          onChange: () => callbacks.current.onChange?.(),
          onError: (message) => callbacks.current.onError(message),
          onReady: () => setStatus('ready'),
        });
        callbacks.current.onController(controller);
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      controller?.destroy();
      callbacks.current.onController(null);
      callbacks.current.onValidity(false);
    };
  }, [token, type]);

  return (
    <div className="hosted-fields" data-status={status}>
      {status === 'loading' ? (
        <p className="hosted-fields__status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading secure payment fields...
        </p>
      ) : null}
      {status === 'failed' ? (
        <p className="form__notice" role="alert">
          The secure payment fields couldn't be loaded. Check your connection and try again.
        </p>
      ) : null}
      <div ref={container} className="hosted-fields__frame" />
    </div>
  );
}
