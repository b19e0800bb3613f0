import { formatCents } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { Org, Payment } from '../../db/schema/index.ts';
import { issuePayeeLinks } from '../links/index.ts';
import { queueSms } from '../sms/index.ts';
import { loadRecipients } from './recipients.ts';

/**
 * A payee link by text to each recipient of `rows` who has a phone number (what they are owed
 * in all, one link for all their payments awaiting input, replacing the link sent before, as
 * the email reminder does); answers the text ids (send them after the commit).
 */
export async function textPayeeLinks(deps: AppDeps, tx: Tx, org: Org, rows: Payment[]): Promise<string[]> {
  const owed = new Map<string, { role: Payment['recipient_role']; amount: number; payment_ids: string[] }>();
  for (const row of rows) {
    const before = owed.get(row.recipient);
    owed.set(row.recipient, {
      role: row.recipient_role,
      amount: (before?.amount ?? 0) + row.amount,
      payment_ids: [...(before?.payment_ids ?? []), row.id],
    });
  }
  const found = await loadRecipients(tx, org.id, [...owed.keys()]);
  const reachable = [...owed.entries()].flatMap(([id, item]) => {
    const phone = (item.role === 'creator' ? found.creators.get(id) : found.users.get(id))?.phone_number;
    return phone ? [{ id, phone, ...item }] : [];
  });
  const linkIds = await issuePayeeLinks(
    tx,
    org.id,
    reachable.map((r) => ({ recipient: r.id, recipient_role: r.role, payment_ids: r.payment_ids })),
  );
  const ids: string[] = [];
  for (const [index, r] of reachable.entries()) {
    const url = `${deps.config.publicUrl}/bankDetails?id=${linkIds[index]}`;
    const body = `${org.name} is sending you ${formatCents(r.amount)}. Tell us where to send it: ${url}`;
    ids.push(await queueSms(deps, tx, { org_id: org.id, to: r.phone, body }));
  }
  return ids;
}
