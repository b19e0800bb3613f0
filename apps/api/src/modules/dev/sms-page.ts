import type { SmsMessage } from '../../db/schema/index.ts';
import { smsReason } from '../sms/index.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** A plain page for people trying the sandbox: every text message the app sent, newest first, and why one did not go. */
const reasonOf = (sms: SmsMessage) => {
  const reason = smsReason(sms.error);
  return reason ? `<p class="reason" role="status">${escapeHtml(reason)}</p>` : '';
};

export function renderSmsPage(messages: SmsMessage[]): string {
  const rows = messages
    .map(
      (
        sms,
      ) => `<article><header><strong>to ${escapeHtml(sms.to)}</strong><span>${sms.created_at.toISOString()} · ${sms.status}</span></header>
  <p>${escapeHtml(sms.body)}</p>${reasonOf(sms)}</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox SMS outbox · Crewpay</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1b1b29}
article{border:1px solid #dde;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem}
header span{color:#667;font-size:.85rem}.reason{color:#a4262c}</style></head>
<body><h1>Sandbox SMS outbox</h1><p>Text messages Crewpay sent while no SMS provider is configured, newest first.</p>
${rows || '<p>No text messages yet.</p>'}</body></html>`;
}
