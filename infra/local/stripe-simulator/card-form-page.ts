import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { SIMULATOR_PUBLISHABLE_KEY } from './simulator';

/**
 * The simulator's card form, shown by the purchase dialog in an iframe (as Stripe's Payment Element is): the card
 * details stay in this frame. The dialog's Pay button posts `local-stripe:confirm`; the frame confirms the
 * PaymentIntent with the publishable key and the client secret, and answers `local-stripe:result` with the
 * PaymentIntent's status or Stripe's error message.
 */
export function serveCardForm(res: ServerResponse): void {
  // The site's headers forbid framing and inline scripts; this page is framed by the site itself and runs the one
  // inline script below, allowed by its hash (as Stripe's own frames have a policy of their own).
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': cardFormPolicy(),
    'x-frame-options': 'SAMEORIGIN',
  });
  res.end(PAGE);
}

let policy: string | undefined;
function cardFormPolicy(): string {
  const script = /<script>([\s\S]*?)<\/script>/.exec(PAGE)?.[1] ?? '';
  const style = /<style>([\s\S]*?)<\/style>/.exec(PAGE)?.[1] ?? '';
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  policy ??= [
    `default-src 'none'`,
    `script-src ${hash(script)}`,
    `style-src ${hash(style)}`,
    `connect-src 'self'`,
    `form-action 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'self'`,
  ].join('; ');
  return policy;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Card details (local payment simulator)</title>
<style>
  *{box-sizing:border-box} body{margin:0;font:15px/1.4 system-ui,sans-serif;color:#0f172a;background:#fff}
  form{display:grid;gap:10px;padding:2px}
  label{display:grid;gap:4px;font-size:13px;font-weight:600;color:#334155}
  input{font:inherit;width:100%;padding:9px 10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff}
  input:focus{outline:2px solid #1d4ed8;outline-offset:1px;border-color:#1d4ed8}
  input[aria-invalid=true]{border-color:#b91c1c}
  .row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:8px}
  .note{margin:0;font-size:12px;color:#475569}
</style></head>
<body>
<form id="card" novalidate autocomplete="off">
  <label>Card number<input id="number" inputmode="numeric" placeholder="4242 4242 4242 4242" maxlength="23"></label>
  <div class="row">
    <label>Expiry<input id="exp" inputmode="numeric" placeholder="MM / YY" maxlength="7"></label>
    <label>CVC<input id="cvc" inputmode="numeric" placeholder="123" maxlength="4"></label>
    <label>ZIP<input id="zip" placeholder="12345" maxlength="10"></label>
  </div>
  <p class="note">Local payment simulator: no real card is charged. Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.</p>
</form>
<script>
(function () {
  var params = new URLSearchParams(location.search);
  var secret = params.get('client_secret') || '';
  var piId = secret.split('_secret_')[0];
  var $ = function (id) { return document.getElementById(id); };
  var number = $('number'), exp = $('exp'), cvc = $('cvc');
  number.addEventListener('input', function () {
    var d = number.value.replace(/\\D/g, '').slice(0, 19);
    number.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  exp.addEventListener('input', function () {
    var d = exp.value.replace(/\\D/g, '').slice(0, 4);
    exp.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
  });
  function reply(message) { parent.postMessage(Object.assign({ type: 'local-stripe:result' }, message), location.origin); }
  // The dialog shows the message (one place for it, as with Stripe's Payment Element errors).
  function fail(message) { reply({ ok: false, error: { message: message } }); }
  async function confirm(email) {
    var e = exp.value.replace(/\\D/g, '');
    var body = new URLSearchParams({
      client_secret: secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number.value.replace(/\\s/g, ''),
      'payment_method_data[card][exp_month]': e.slice(0, 2),
      'payment_method_data[card][exp_year]': e.slice(2, 4),
      'payment_method_data[card][cvc]': cvc.value,
      'payment_method_data[billing_details][email]': email || '',
      'payment_method_data[billing_details][address][postal_code]': $('zip').value,
    });
    try {
      var res = await fetch('/v1/payment_intents/' + encodeURIComponent(piId) + '/confirm', {
        method: 'POST',
        headers: { authorization: 'Bearer ${SIMULATOR_PUBLISHABLE_KEY}', 'content-type': 'application/x-www-form-urlencoded' },
        body: body,
      });
      var json = await res.json();
      if (!res.ok) return fail((json.error && json.error.message) || 'Payment failed');
      reply({ ok: true, status: json.status, paymentIntentId: json.id });
    } catch (x) {
      fail('Payment failed. Please try again.');
    }
  }
  window.addEventListener('message', function (ev) {
    if (ev.origin !== location.origin || !ev.data || ev.data.type !== 'local-stripe:confirm') return;
    void confirm(ev.data.email);
  });
  $('card').addEventListener('submit', function (ev) { ev.preventDefault(); });
  parent.postMessage({ type: 'local-stripe:ready' }, location.origin);
})();
</script>
</body></html>`;
