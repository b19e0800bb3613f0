const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const layout = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verify your bank account</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6fb;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#1c2434}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(20,30,60,.08);padding:32px;max-width:420px;width:100%}
h1{font-size:22px;margin:0 0 8px}p{line-height:1.5;color:#4a5468}
label{display:block;font-weight:600;margin:20px 0 6px}
input{width:100%;box-sizing:border-box;font-size:18px;padding:10px 12px;border:1px solid #c8cfdc;border-radius:8px;letter-spacing:2px;text-transform:uppercase}
button{margin-top:20px;width:100%;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#3b5bdb;border:0;border-radius:8px;cursor:pointer}
.error{color:#c92a2a;font-weight:600}.ok{color:#2b8a3e;font-weight:600}.muted{font-size:13px;color:#7a8499}
</style></head><body><main>${body}<p class="muted">Sandbox bank — no real money moves.</p></main></body></html>`;

export function renderVerifyForm(options: { setupIntentId: string; bankName: string; last4: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return layout(`<h1>Verify your bank account</h1>
<p>We sent a $0.01 deposit to ${escapeHtml(options.bankName)} ••••${escapeHtml(options.last4)}. Its statement description is a 6-character code starting with <strong>SM</strong>.</p>
${error}
<form method="post" action="/sandbox/verify/${encodeURIComponent(options.setupIntentId)}">
<label for="code">Statement description code</label>
<input id="code" name="code" autocomplete="off" required minlength="6" maxlength="6" placeholder="SM0000" autofocus>
<button type="submit">Verify account</button>
</form>`);
}

export function renderVerifyMessage(options: { title: string; message: string; isSuccess: boolean }): string {
  return layout(`<h1>${escapeHtml(options.title)}</h1><p class="${options.isSuccess ? 'ok' : 'error'}">${escapeHtml(options.message)}</p>
<p><a href="/wallets?tab=usOnly">Back to Wallets</a></p>`);
}
