/**
 * A stand-in for https://js.stripe.com (no internet here), answering the part of Stripe.js's
 * documented API that the pay page uses: Stripe(key, { stripeAccount }), elements().create('card')
 * with mount, on, off, update, destroy and getElement; createPaymentMethod({ type: 'card', card });
 * handleNextAction({ clientSecret }) with Stripe's 3-D Secure test page (Complete / Fail); and
 * collectFinancialConnectionsAccounts({ clientSecret }). Its card field is a plain input in the
 * page (Stripe's is an iframe); a complete number is 16 digits. It plays Stripe's side against
 * the sandbox server the e2e tests run: the number goes to the sandbox's tokeniser, the 3-D
 * Secure answer to its authenticate route, the bank login to its bank link (its requests carry
 * x-stand-in: stripe.js, so a test can tell them from the page's own). It records the key and
 * account it was given so the test can check the page passed the server's.
 */
export const FAKE_STRIPE_JS = `
(() => {
  const post = (path, body) =>
    fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-stand-in': 'stripe.js' }, body: JSON.stringify(body) })
      .then((response) => response.json());
  const BRANDS = { '4': 'visa', '5': 'mastercard', '3': 'amex', '6': 'discover' };
  window.Stripe = function Stripe(publishableKey, options) {
    window.__stripeKey = publishableKey;
    window.__stripeAccount = (options && options.stripeAccount) || null;
    let card = null;
    const elements = {
      create(type) {
        const handlers = {};
        const input = document.createElement('input');
        input.setAttribute('aria-label', 'Card number (Stripe)');
        input.addEventListener('input', () => {
          const digits = input.value.replace(/\\D/g, '');
          for (const handler of handlers.change || [])
            handler({ elementType: type, empty: digits === '', complete: digits.length === 16, error: undefined });
        });
        card = {
          type,
          digits: () => input.value.replace(/\\D/g, ''),
          mount(node) { node.appendChild(input); },
          on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return card; },
          off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return card; },
          update() {},
          destroy() { input.remove(); card = null; },
        };
        return card;
      },
      getElement(kind) {
        const type = typeof kind === 'string' ? kind : kind && kind.__elementType;
        return card && card.type === type ? card : null;
      },
      update() {},
    };
    const refused = (message) => Promise.resolve({ error: { type: 'card_error', message } });

    /** Stripe's 3-D Secure test page: the payer completes or fails the check. */
    function threeDSecure(clientSecret) {
      return new Promise((resolve) => {
        const dialog = document.createElement('div');
        dialog.setAttribute('role', 'dialog');
        dialog.setAttribute('aria-label', '3D Secure 2 Test Page');
        dialog.style.cssText = 'position:fixed;inset:20% 30%;background:#fff;border:1px solid #888;padding:24px;z-index:99999;font-family:sans-serif';
        const title = document.createElement('h2');
        title.textContent = '3D Secure 2 Test Page';
        const text = document.createElement('p');
        text.textContent = 'This is a test 3D Secure 2 authentication for a transaction. Complete or fail it.';
        dialog.append(title, text);
        for (const [label, outcome] of [['Complete', 'complete'], ['Fail', 'fail']]) {
          const button = document.createElement('button');
          button.textContent = label;
          button.style.cssText = 'margin-right:12px;padding:8px 16px';
          button.addEventListener('click', () => {
            dialog.remove();
            post('/v1/sandbox_payments/authenticate', { client_secret: clientSecret, outcome }).then((answer) => {
              const id = clientSecret.split('_secret_')[0];
              if (outcome === 'fail')
                resolve({ error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } });
              else resolve({ paymentIntent: { id, status: answer.status === 'succeeded' ? 'succeeded' : 'requires_payment_method' } });
            });
          });
          dialog.append(button);
        }
        document.body.append(dialog);
      });
    }

    return {
      elements: () => elements,
      createToken: () => refused('not used'),
      confirmCardPayment: () => refused('not used'),
      createPaymentMethod({ type, card: element }) {
        const digits = element.digits();
        if (type !== 'card' || digits.length !== 16) return refused('Your card number is incomplete.');
        return post('/v1/sandbox_payments/card_tokens', { number: digits, exp: '12/34', cvc: '123' }).then((token) => ({
          paymentMethod: { id: token.id, type: 'card', card: { brand: BRANDS[digits[0]] || 'unknown', last4: digits.slice(-4) } },
        }));
      },
      handleNextAction({ clientSecret }) {
        window.__handledNextAction = clientSecret;
        return threeDSecure(clientSecret);
      },
      collectFinancialConnectionsAccounts({ clientSecret }) {
        window.__financialConnectionsSecret = clientSecret;
        return post('/v1/sandbox_payments/bank_link', { link_token: clientSecret, institution: 'Tartan Bank', username: 'user_good', password: 'pass_good' })
          .then((item) => ({
            financialConnectionsSession: {
              id: item.public_token,
              accounts: [{ id: item.accounts[0].id, institution_name: 'Tartan Bank', last4: item.accounts[0].mask }],
            },
          }));
      },
      _registerWrapper() {},
      registerAppInfo() {},
    };
  };
})();
`;
