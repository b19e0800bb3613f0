const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const FEATURE_WORDS: Record<string, string> = {
  PAYOUTS: 'Send payouts from your PayPal balance',
  ACCESS_MERCHANT_INFORMATION: 'See your account details',
  ADVANCED_TRANSACTIONS_SEARCH: 'See your balance and transactions',
};

/** The fake's stand-in for PayPal's partner onboarding pages: log in, see what the partner asks, agree. */
export function onboardingPage(options: { referralToken: string; features: string[]; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  const asks = options.features.map((feature) => `<li>${escapeHtml(FEATURE_WORDS[feature] ?? feature)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#2c2e2f}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:440px;width:100%}
h1{font-size:22px;margin:0 0 8px;color:#003087}label{display:block;font-weight:600;margin:20px 0 6px}
input{width:100%;box-sizing:border-box;font-size:16px;padding:10px 12px;border:1px solid #c8cfdc;border-radius:8px}
button{margin-top:20px;width:100%;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#0070ba;border:0;border-radius:24px;cursor:pointer}
.error{color:#c92a2a;font-weight:600}.muted{font-size:13px;color:#7a8499}
</style></head><body><main>
<h1>PayPal</h1>
<p>Crewpay is asking for permission to:</p>
<ul>${asks}</ul>
${error}
<form method="post" action="/bizsignup/partner/entry">
<input type="hidden" name="referralToken" value="${escapeHtml(options.referralToken)}">
<label for="email">Email of your PayPal business account</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit">Agree and Connect</button>
</form>
<p class="muted">Local PayPal fake: no real account is used.</p>
</main></body></html>`;
}
