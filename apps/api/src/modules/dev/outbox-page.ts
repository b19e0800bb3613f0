import type { Email } from '../../db/schema/index.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** A plain page for people trying the sandbox: every email the app sent, with its links. */
export function renderOutboxPage(emails: Email[]): string {
  const rows = emails
    .map(
      (email) => `<article>
  <header><strong>${escapeHtml(email.subject)}</strong><span>to ${escapeHtml(email.to)} · ${email.created_at.toISOString()} · ${email.status}</span></header>
  <pre>${escapeHtml(email.text)}</pre>
  ${email.links.map((link) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`).join('<br>')}
  ${email.attachments
    .map((file, index) => `<p>Attachment: <a href="/dev/outbox/${email.id}/attachments/${index}">${escapeHtml(file.filename)}</a></p>`)
    .join('')}
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox outbox · Crewpay</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1b1b29}
article{border:1px solid #dde;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem}
header span{color:#667;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Sandbox outbox</h1><p>Emails Crewpay sent while no SMTP server is configured, newest last.</p>
${rows || '<p>No emails yet.</p>'}</body></html>`;
}
