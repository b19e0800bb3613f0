const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f7fa;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#2c2e2f}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:420px;width:100%}
h1{font-size:22px;margin:0 0 8px;color:#003087}p{line-height:1.5;color:#555}
label{display:block;font-weight:600;margin:20px 0 6px}
input{width:100%;box-sizing:border-box;font-size:16px;padding:10px 12px;border:1px solid #c8cfdc;border-radius:8px}
button{margin-top:20px;width:100%;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#0070ba;border:0;border-radius:24px;cursor:pointer}
.error{color:#c92a2a;font-weight:600}.muted{font-size:13px;color:#7a8499}a{color:#0070ba}
</style></head><body><main>
${body}
</main></body></html>`;

/** The sandbox PayPal's onboarding page: log in (an email) and let Crewpay send payouts from the account. */
export function renderConsentPage(options: { referral: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return page(
    'Connect PayPal',
    `<h1>PayPal</h1>
<p>Crewpay would like to send payouts from your PayPal account and see its balance.</p>
${error}
<form method="post" action="/sandbox/paypal/consent">
<input type="hidden" name="referral" value="${escapeHtml(options.referral)}">
<label for="email">PayPal email</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit">Agree and Connect</button>
</form>
<p class="muted">Sandbox PayPal — no real account is used.</p>`,
  );
}

/** Why a PayPal connection could not start, with the way back to the wallets. */
export function renderConnectError(message: string): string {
  return page(
    'Connect PayPal',
    `<h1>PayPal</h1><p class="error" role="alert">${escapeHtml(message)}</p><p><a href="/wallets?tab=paypal">Back to your wallets</a></p>`,
  );
}
