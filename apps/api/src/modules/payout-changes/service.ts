import { and, eq, inArray } from 'drizzle-orm';
import { orgs, payoutDetailChanges, users, type PayoutDetailField } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { queueEmails, type OutgoingEmail } from '../email/index.ts';
import { notify } from '../notifications/index.ts';
import { publishDomainEvent, type HandlerUnit } from '../../events/dispatcher.ts';

/** The payout columns a payee row holds; only which of them changed is ever recorded. */
type PayoutSnapshot = {
  email?: string | null;
  selected_payment_method?: string | null;
  account_number?: string | null;
  routing_number?: string | null;
  paypal_email?: string | null;
  venmo_phone_number?: string | null;
};

const fieldLabels: Record<PayoutDetailField, string> = {
  bank_account: 'bank account',
  paypal: 'PayPal',
  venmo: 'Venmo',
  email: 'email address',
  payout_method: 'payout method',
};

/** Which kinds of payout detail differ between two snapshots (sealed values compare as sealed). */
export function changedPayoutFields(before: PayoutSnapshot, after: PayoutSnapshot): PayoutDetailField[] {
  const differs = (key: keyof PayoutSnapshot) => key in after && (after[key] ?? null) !== (before[key] ?? null);
  const fields: PayoutDetailField[] = [];
  if (differs('account_number') || differs('routing_number')) fields.push('bank_account');
  if (differs('paypal_email')) fields.push('paypal');
  if (differs('venmo_phone_number')) fields.push('venmo');
  if (differs('email')) fields.push('email');
  if (differs('selected_payment_method')) fields.push('payout_method');
  return fields;
}

type PayoutChange = {
  org_id: string;
  payee: { type: 'creator' | 'user'; id: string; name: string; email: string; previous_email?: string | null; link: string };
  source: 'staff' | 'payee_link' | 'portal';
  changed_by_user_id?: string | null;
  fields: PayoutDetailField[];
  /** False when the payee had no payout details before (a first setting): recorded, the payee is told, owners are not. */
  replacesDetails: boolean;
};

/** Whether a payee row holds any payout destination at all. */
export const hasPayoutDetails = (row: PayoutSnapshot) => Boolean(row.account_number || row.paypal_email || row.venmo_phone_number);

const describeFields = (fields: PayoutDetailField[]) => fields.map((field) => fieldLabels[field]).join(', ');

/**
 * Records a change of payout details and tells the people who must know: the organisation's
 * owners (a notification and an email) and the payee (an email, to the old address too when the
 * email changed). Everything is written in the caller's transaction; answers the email ids to
 * send after commit. A change nobody could notice (no field differs) records nothing.
 */
export async function recordPayoutChange(unit: HandlerUnit, change: PayoutChange): Promise<string[]> {
  const { tx, deps } = unit;
  if (change.fields.length === 0) return [];
  await tx.insert(payoutDetailChanges).values({
    id: newId(),
    org_id: change.org_id,
    payee_type: change.payee.type,
    payee_id: change.payee.id,
    changed_by_user_id: change.changed_by_user_id ?? null,
    source: change.source,
    fields: change.fields,
  });
  await recordAudit(tx, {
    org_id: change.org_id,
    actor_user_id: change.changed_by_user_id ?? null,
    user_id: change.changed_by_user_id ?? null,
    action: 'payout_details.change',
    target_id: change.payee.id,
    target_type: change.payee.type === 'creator' ? 'creator' : null,
    status_code: 200,
    details: { payee_type: change.payee.type, source: change.source, fields: change.fields.join(',') },
  });
  const [org] = await tx.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, change.org_id));
  const owners = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.org_id, change.org_id), inArray(users.role, ['owner'])));
  // A payee giving their details for the first time is news the organisation waits for (it can pay them now).
  if (!change.replacesDetails && change.source !== 'staff') {
    await publishDomainEvent(unit, {
      org_id: change.org_id,
      type: 'payee.details_provided',
      data: { payee_type: change.payee.type, payee_id: change.payee.id, name: change.payee.name },
    });
  }
  const what = describeFields(change.fields);
  const notified = change.replacesDetails ? owners : [];
  const by =
    change.source === 'payee_link'
      ? 'through their payout link'
      : change.source === 'portal'
        ? 'in their portal'
        : 'by a member of your team';
  const text = `Payout details of ${change.payee.name} changed (${what}) ${by}.`;
  for (const owner of notified) await notify(tx, { org_id: change.org_id, user_id: owner.id, text, link: change.payee.link });

  const orgName = org?.name ?? 'Your organisation';
  const messages: OutgoingEmail[] = notified.map((owner) => ({
    org_id: change.org_id,
    to: owner.email,
    subject: `Payout details changed for ${change.payee.name}`,
    paragraphs: [text, 'If you did not expect this change, check it before executing payments.'],
    links: [{ label: 'Open', url: `${deps.config.publicUrl}${change.payee.link}` }],
  }));
  const payeeAddresses = new Set([change.payee.email, change.payee.previous_email].filter((email): email is string => Boolean(email)));
  for (const to of payeeAddresses) {
    messages.push({
      org_id: change.org_id,
      to,
      subject: `Your payout details with ${orgName} changed`,
      paragraphs: [
        `Your payout details with ${orgName} changed: ${what}.`,
        `If you did not make or expect this change, contact ${orgName} at once.`,
      ],
    });
  }
  return queueEmails(tx, messages);
}
