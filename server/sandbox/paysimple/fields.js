/*
 * The provider's card / bank fields, inside its iframe. Validates as the customer types, tells the
 * merchant page only whether the fields are valid, and on request sends the numbers to the
 * provider's tokenize endpoint (never to the merchant), answering the provider's ids.
 */
(() => {
  const params = new URLSearchParams(location.search);
  const type = params.get('type') === 'ach' ? 'ach' : 'card';
  const parentOrigin = params.get('origin') || location.origin;
  const form = document.getElementById('fields');
  let checkoutToken = null;
  const touched = new Set();

  const post = (message) => window.parent.postMessage({ source: 'paysandbox', ...message }, parentOrigin);
  const digits = (value) => value.replace(/\D/g, '');

  function luhn(number) {
    let sum = 0;
    for (let i = 0; i < number.length; i++) {
      let d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return number.length > 0 && sum % 10 === 0;
  }
  function brand(number) {
    if (/^4/.test(number)) return { name: 'Visa', length: 16, cvv: 3 };
    if (/^(5[1-5]|2[2-7])/.test(number)) return { name: 'Mastercard', length: 16, cvv: 3 };
    if (/^3[47]/.test(number)) return { name: 'American Express', length: 15, cvv: 4 };
    if (/^6(011|5|4[4-9])/.test(number)) return { name: 'Discover', length: 16, cvv: 3 };
    return null;
  }
  function routingValid(r) {
    if (!/^\d{9}$/.test(r)) return false;
    const d = [...r].map(Number);
    return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
  }
  function expiry(value) {
    const [m, y] = value.split('/').map((part) => Number(digits(part)));
    const now = new Date();
    const year = y < 100 ? 2000 + y : y;
    const valid = m >= 1 && m <= 12 && year * 12 + m >= now.getFullYear() * 12 + now.getMonth() + 1;
    return { month: m, year, valid };
  }

  const fields = {};
  function field(id, label, attrs, rule, size) {
    const wrap = document.createElement('div');
    wrap.className = size ? `field field--${size}` : 'field';
    const labelEl = document.createElement('label');
    labelEl.htmlFor = id;
    labelEl.textContent = label;
    const input = document.createElement(attrs.tag || 'input');
    input.id = id;
    input.name = id;
    for (const [k, v] of Object.entries(attrs)) if (k !== 'tag' && k !== 'options') input.setAttribute(k, v);
    for (const [value, text] of attrs.options || []) input.append(new Option(text, value));
    const error = document.createElement('p');
    error.className = 'error';
    error.id = `${id}-error`;
    error.hidden = true;
    wrap.append(labelEl, input, error);
    form.append(wrap);
    fields[id] = { input, error, rule };
    input.addEventListener('input', () => {
      update(id);
      post({ kind: 'change', field: id });
    });
    input.addEventListener('blur', () => {
      touched.add(id);
      update(id);
    });
    return input;
  }

  if (type === 'card') {
    field(
      'card_number',
      'Card number',
      { inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
      (v) => {
        const n = digits(v);
        const b = brand(n);
        return b && n.length === b.length && luhn(n) ? null : 'Enter a valid card number';
      },
    );
    field(
      'expiry',
      'Expiry (MM/YY)',
      { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM/YY' },
      (v) => (expiry(v).valid ? null : 'Enter a valid expiry date'),
      'third',
    );
    field(
      'cvv',
      'Security code',
      { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC' },
      (v) => {
        const b = brand(digits(fields.card_number.input.value));
        return digits(v).length === (b ? b.cvv : 3) ? null : 'Enter a valid security code';
      },
      'third',
    );
    field(
      'zip',
      'ZIP code',
      { inputmode: 'numeric', autocomplete: 'postal-code', placeholder: '78701' },
      (v) => (/^\d{5}$/.test(v.trim()) ? null : 'Enter a valid ZIP code'),
      'third',
    );
    fields.card_number.input.addEventListener('input', (event) => {
      const n = digits(event.target.value).slice(0, 16);
      const b = brand(n);
      const groups = b && b.length === 15 ? [4, 6, 5] : [4, 4, 4, 4];
      let out = '';
      let i = 0;
      for (const g of groups) {
        if (i >= n.length) break;
        out += (out ? ' ' : '') + n.slice(i, i + g);
        i += g;
      }
      event.target.value = out;
    });
    fields.expiry.input.addEventListener('input', (event) => {
      const d = digits(event.target.value).slice(0, 4);
      event.target.value = d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
    });
  } else {
    field(
      'routing_number',
      'Routing number',
      { inputmode: 'numeric', autocomplete: 'off', placeholder: '9 digits' },
      (v) => (routingValid(digits(v)) ? null : 'Enter a valid routing number'),
      'half',
    );
    field(
      'account_number',
      'Account number',
      { inputmode: 'numeric', autocomplete: 'off' },
      (v) => {
        const n = digits(v).length;
        return n >= 4 && n <= 17 ? null : 'Enter a valid account number';
      },
      'half',
    );
    field(
      'account_type',
      'Account type',
      {
        tag: 'select',
        options: [
          ['checking', 'Checking'],
          ['savings', 'Savings'],
        ],
      },
      () => null,
    );
  }
  const note = document.createElement('p');
  note.className = 'secure';
  note.textContent = 'Your details go straight to our payment provider and are never stored by the portal.';
  form.append(note);

  function update(id) {
    const { input, error, rule } = fields[id];
    const message = rule(input.value);
    const show = Boolean(message) && touched.has(id);
    error.hidden = !show;
    error.textContent = show ? message : '';
    if (show) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
    post({ kind: 'validity', valid: Object.values(fields).every((f) => !f.rule(f.input.value)) });
  }

  function showErrors(errors) {
    for (const [name, messages] of Object.entries(errors)) {
      const target = fields[name];
      if (!target) continue;
      touched.add(name);
      target.error.hidden = false;
      target.error.textContent = messages[0];
      target.input.setAttribute('aria-invalid', 'true');
    }
  }

  async function tokenize(id, billing) {
    const values = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.input.value]));
    const body = {
      token: checkoutToken,
      type,
      first_name: billing.firstName || '',
      last_name: billing.lastName || '',
      email: billing.email || '',
    };
    if (type === 'card') {
      const e = expiry(values.expiry);
      Object.assign(body, {
        card_number: digits(values.card_number),
        exp_month: e.month,
        exp_year: e.year,
        cvv: digits(values.cvv),
        zip: values.zip.trim(),
      });
    } else {
      Object.assign(body, {
        routing_number: digits(values.routing_number),
        account_number: digits(values.account_number),
        account_type: values.account_type,
      });
    }
    try {
      const res = await fetch(new URL('tokenize', location.href), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const data = await res.json().catch(() => ({}));
      if (res.ok) return post({ kind: 'result', id, ok: true, answer: data });
      if (data.errors && typeof data.errors === 'object') showErrors(data.errors);
      const error =
        typeof data.errors === 'string' ? data.errors : 'Please check the payment details and try again.';
      post({ kind: 'result', id, ok: false, error });
    } catch {
      post({
        kind: 'result',
        id,
        ok: false,
        error: "We couldn't reach the payment provider. Check your connection and try again.",
      });
    }
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    const data = event.data || {};
    if (data.source !== 'paysandbox') return;
    if (data.kind === 'init') checkoutToken = data.token;
    else if (data.kind === 'tokenize') void tokenize(data.id, data.billing || {});
  });
  // The form's own height: the document's would never shrink below the iframe's current height.
  new ResizeObserver(() => post({ kind: 'resize', height: form.getBoundingClientRect().height })).observe(
    form,
  );
  form.addEventListener('submit', (event) => event.preventDefault());
  post({ kind: 'ready' });
  post({ kind: 'validity', valid: false });
})();
