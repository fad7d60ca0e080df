/*
 * PaySandbox hosted fields: the card provider's embeddable script (the reference server's model
 * of PaySimple's checkout). The merchant page calls
 *
 *   const fields = window.PaySandbox.mount(container, { token, type: 'card' | 'ach',
 *     onValidity(valid), onChange(), onError(message), onReady() });
 *
 * onChange: the customer edited a field (never says what they typed).
 *   const { ps_account_id, ps_customer_id } = await fields.tokenize({ firstName, lastName, email });
 *   fields.destroy();
 *
 * The card or bank fields live in an iframe served by the provider: the merchant page never sees
 * the numbers, and only the provider's account ids come back to it.
 */
(() => {
  const script = document.currentScript;
  const base = new URL('.', script ? script.src : location.href);
  const providerOrigin = base.origin;
  let counter = 0;

  function mount(container, options) {
    const type = options.type === 'ach' ? 'ach' : 'card';
    const frame = document.createElement('iframe');
    const query = new URLSearchParams({ type, origin: location.origin });
    frame.src = new URL(`fields.html?${query}`, base).href;
    frame.title = type === 'ach' ? 'Secure bank account fields' : 'Secure card fields';
    frame.className = 'paysandbox-frame';
    frame.style.cssText = 'display:block;width:100%;border:0;height:180px;background:transparent';
    const pending = new Map();
    let ready = false;
    const queue = [];

    const send = (message) => {
      if (!ready) queue.push(message);
      else frame.contentWindow.postMessage({ source: 'paysandbox', ...message }, providerOrigin);
    };

    function onMessage(event) {
      if (event.origin !== providerOrigin || event.source !== frame.contentWindow) return;
      const data = event.data || {};
      if (data.source !== 'paysandbox') return;
      if (data.kind === 'ready') {
        ready = true;
        send({ kind: 'init', token: options.token });
        while (queue.length) send(queue.shift());
        if (options.onReady) options.onReady();
      } else if (data.kind === 'validity') {
        if (options.onValidity) options.onValidity(Boolean(data.valid));
      } else if (data.kind === 'change') {
        if (options.onChange) options.onChange();
      } else if (data.kind === 'resize') {
        frame.style.height = `${Math.ceil(data.height)}px`;
      } else if (data.kind === 'result') {
        const waiting = pending.get(data.id);
        if (!waiting) return;
        pending.delete(data.id);
        if (data.ok) waiting.resolve(data.answer);
        else {
          if (options.onError) options.onError(data.error);
          waiting.reject(new Error(data.error));
        }
      }
    }

    window.addEventListener('message', onMessage);
    container.replaceChildren(frame);
    return {
      tokenize(billing) {
        counter += 1;
        const id = counter;
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          send({ kind: 'tokenize', id, billing });
        });
      },
      destroy() {
        window.removeEventListener('message', onMessage);
        for (const waiting of pending.values()) waiting.reject(new Error('The payment form was closed.'));
        pending.clear();
        frame.remove();
      },
    };
  }

  window.PaySandbox = { mount, version: 1 };
  window.dispatchEvent(new Event('paysandbox:ready'));
})();
