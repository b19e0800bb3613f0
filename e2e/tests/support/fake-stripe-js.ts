/**
 * A stand-in for https://js.stripe.com (no internet here), answering the part of Stripe.js's
 * documented API that the pay page uses: Stripe(key), elements().create('card') with mount, on,
 * off, update, destroy and getElement, and createPaymentMethod({ type: 'card', card }). Its card
 * field is a plain input in the page (Stripe's is an iframe); a complete number is 16 digits.
 * It records the key it was given so the test can check the page passed the server's.
 */
export const FAKE_STRIPE_JS = `
(() => {
  const BRANDS = { '4': 'visa', '5': 'mastercard', '3': 'amex', '6': 'discover' };
  window.Stripe = function Stripe(publishableKey) {
    window.__stripeKey = publishableKey;
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
    return {
      elements: () => elements,
      createToken: () => refused('not used'),
      confirmCardPayment: () => refused('not used'),
      createPaymentMethod({ type, card: element }) {
        const digits = element.digits();
        if (type !== 'card' || digits.length !== 16) return refused('Your card number is incomplete.');
        return Promise.resolve({
          paymentMethod: { id: 'pm_' + digits.slice(-4) + 'Fake', type: 'card', card: { brand: BRANDS[digits[0]] || 'unknown', last4: digits.slice(-4) } },
        });
      },
      _registerWrapper() {},
      registerAppInfo() {},
    };
  };
})();
`;
