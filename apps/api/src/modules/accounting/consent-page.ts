const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `<style>
body{font-family:Avenir Next,system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#393a3d}
main{background:#fff;border-radius:8px;box-shadow:0 2px 16px rgba(0,0,0,.1);padding:32px 40px;max-width:520px;width:100%}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:20px;color:#2ca01c;margin-bottom:20px}
.brand span{display:inline-flex;width:34px;height:34px;border-radius:50%;background:#2ca01c;color:#fff;align-items:center;justify-content:center;font-size:15px}
h1{font-size:22px;margin:0 0 12px}p,li{line-height:1.5;color:#6b6c72}ul{padding-left:20px}
label{display:block;font-weight:600;margin:18px 0 6px}select{width:100%;font-size:15px;padding:9px;border:1px solid #babec5;border-radius:4px}
.actions{display:flex;gap:12px;justify-content:flex-end;margin-top:24px}
button{padding:10px 22px;font-size:15px;font-weight:600;border-radius:4px;cursor:pointer;border:2px solid #2ca01c}
.primary{background:#2ca01c;color:#fff}.secondary{background:#fff;color:#2ca01c}
.error{color:#d52b1e;font-weight:600}.muted{font-size:12px;color:#8d9096}
</style>`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${STYLE}</head><body><main><div class="brand"><span>qb</span>intuit quickbooks</div>${body}</main></body></html>`;

/** The sandbox's stand-in for Intuit's consent screen: pick the company, then Connect or Cancel. */
export function renderConsentPage(options: { state: string; error?: string }): string {
  if (options.error)
    return page('Connect to QuickBooks', `<h1>Connect to QuickBooks</h1><p class="error" role="alert">${escapeHtml(options.error)}</p>`);
  return page(
    'Connect to QuickBooks',
    `<h1>Crewpay wants to connect to your QuickBooks company</h1>
<p>Crewpay will be able to:</p>
<ul><li>Read your chart of accounts, vendors and customers</li><li>Create journal entries for your payouts, invoices and fees</li></ul>
<form method="get" action="/api/qb/connect/consent">
<input type="hidden" name="state" value="${escapeHtml(options.state)}">
<label for="company">Company</label>
<select id="company" name="company"><option>Sandbox Company_US_1</option></select>
<div class="actions"><button class="secondary" type="submit" name="decision" value="deny">Cancel</button>
<button class="primary" type="submit" name="decision" value="allow">Connect</button></div>
</form>
<p class="muted">Sandbox QuickBooks: no real company is used.</p>`,
  );
}

/** The end of the popup: tells the window that opened it, then closes (the nonce lets this one script run). */
export function renderConnectedPage(options: { nonce: string; connected: boolean; message: string }): string {
  const payload = JSON.stringify({ type: 'crewpay:quickbooks', connected: options.connected });
  return page(
    'QuickBooks',
    `<h1>${escapeHtml(options.message)}</h1><p>You can close this window.</p>
<script nonce="${options.nonce}">if (window.opener) { window.opener.postMessage(${payload}, window.location.origin); window.close(); }</script>`,
  );
}
