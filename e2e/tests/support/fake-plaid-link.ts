/**
 * A stand-in for Plaid Link's script (https://cdn.plaid.com/link/v2/stable/link-initialize.js; no
 * internet here), answering its documented browser API: Plaid.create({ token, onSuccess, onExit })
 * with open, exit, destroy and submit. Opening it plays the payer's part: it logs in to the
 * sandbox's bank (user_good / pass_good) for the public token the server can exchange, then calls
 * onSuccess(public_token, metadata) with the chosen account as Link does. It records the token.
 */
export const FAKE_PLAID_LINK = `
(() => {
  window.Plaid = {
    create(config) {
      window.__plaidLinkToken = config.token;
      let isOpen = false;
      return {
        open() {
          isOpen = true;
          fetch('/v1/sandbox_payments/bank_link', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ link_token: config.token, institution: 'Tartan Bank', username: 'user_good', password: 'pass_good' }),
          })
            .then((response) => response.json())
            .then((item) => {
              if (!isOpen) return;
              isOpen = false;
              const account = item.accounts[0];
              config.onSuccess(item.public_token, {
                institution: { name: 'Tartan Bank', institution_id: 'ins_109511' },
                accounts: [{ id: account.id, name: account.name, mask: account.mask, type: 'depository', subtype: 'checking', verification_status: null }],
                link_session_id: 'fake-session',
              });
            });
        },
        exit() {
          if (!isOpen) return;
          isOpen = false;
          config.onExit && config.onExit(null, { institution: null, status: null, link_session_id: 'fake-session', request_id: 'fake' });
        },
        submit() {},
        destroy() {},
      };
    },
  };
})();
`;

/**
 * The same stand-in for a bank that logs in by OAuth (Plaid's documented web flow): opened the
 * first time, Link leaves the page for the bank, which sends the payer back to the link token's
 * redirect_uri (/oauth-redirect?oauth_state_id=...). There the page must create Link again with
 * the same token and receivedRedirectUri set to that address; opening it then finishes the login
 * and calls onSuccess. It records what it was created with on each page.
 */
export const FAKE_PLAID_LINK_OAUTH = `
(() => {
  window.__plaidCreations = [];
  window.Plaid = {
    create(config) {
      window.__plaidCreations.push({ token: config.token, receivedRedirectUri: config.receivedRedirectUri || null });
      let isOpen = false;
      return {
        open() {
          isOpen = true;
          if (!config.receivedRedirectUri) {
            window.location.assign('/oauth-redirect?oauth_state_id=fake-oauth-state-1');
            return;
          }
          fetch('/v1/sandbox_payments/bank_link', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ link_token: config.token, institution: 'Tartan Bank', username: 'user_good', password: 'pass_good' }),
          })
            .then((response) => response.json())
            .then((item) => {
              if (!isOpen) return;
              isOpen = false;
              const account = item.accounts[0];
              config.onSuccess(item.public_token, {
                institution: { name: 'Tartan Bank (OAuth)', institution_id: 'ins_oauth' },
                accounts: [{ id: account.id, name: account.name, mask: account.mask, type: 'depository', subtype: 'checking', verification_status: null }],
                link_session_id: 'fake-oauth-session',
              });
            });
        },
        exit() {
          if (!isOpen) return;
          isOpen = false;
          config.onExit && config.onExit(null, { institution: null, status: null, link_session_id: 'fake-oauth-session', request_id: 'fake' });
        },
        submit() {},
        destroy() {},
      };
    },
  };
})();
`;
