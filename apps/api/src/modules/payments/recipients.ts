import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { campaignSplitKey, type PartySplits, type PaymentRowInput } from '@crewpay/core';
import { creatorCampaignSplits, creators, users, type Creator, type PayeeAbroadRow, type User } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { PayoutDestination } from '../../providers/payouts/index.ts';

/** The organisation's creators and agents/managers among `ids` (others' ids are simply absent). */
export async function loadRecipients(
  tx: DbOrTx,
  orgId: string,
  ids: string[],
): Promise<{ creators: Map<string, Creator>; users: Map<string, User> }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { creators: new Map(), users: new Map() };
  const [creatorRows, userRows] = await Promise.all([
    tx
      .select()
      .from(creators)
      .where(and(eq(creators.org_id, orgId), inArray(creators.id, unique))),
    tx
      .select()
      .from(users)
      .where(and(eq(users.org_id, orgId), inArray(users.id, unique), or(eq(users.is_agent, true), eq(users.is_manager, true)))),
  ]);
  return { creators: new Map(creatorRows.map((row) => [row.id, row])), users: new Map(userRows.map((row) => [row.id, row])) };
}

/** The organisation's creators' splits for the campaigns the creator rows name, keyed by campaignSplitKey. */
export async function loadCampaignSplits(tx: DbOrTx, orgId: string, rows: PaymentRowInput[]): Promise<Map<string, PartySplits>> {
  const linked = rows.filter((row) => row.recipient_role === 'creator' && row.recipient && row.payment_group_id);
  if (linked.length === 0) return new Map();
  const found = await tx
    .select()
    .from(creatorCampaignSplits)
    .where(
      and(
        eq(creatorCampaignSplits.org_id, orgId),
        inArray(creatorCampaignSplits.creator_id, [...new Set(linked.map((row) => row.recipient!))]),
        inArray(creatorCampaignSplits.payment_group_id, [...new Set(linked.map((row) => row.payment_group_id!))]),
      ),
    );
  return new Map(
    found.map((row) => [
      campaignSplitKey(row.creator_id, row.payment_group_id),
      { agent_split: row.agent_split, manager_split: row.manager_split },
    ]),
  );
}

type PayoutFields = Pick<
  Creator,
  | 'selected_payment_method'
  | 'account_number'
  | 'routing_number'
  | 'paypal_email'
  | 'venmo_phone_number'
  | 'first_name'
  | 'last_name'
  | 'email'
> & { business_name?: string | null };

/** Where the recipient is paid, or null when they have not given a complete payout method. */
export function payoutDestination(
  secrets: SecretBox,
  row: PayoutFields,
  options: { paypalEnabled: boolean; abroad?: PayeeAbroadRow | null },
): PayoutDestination | null {
  switch (row.selected_payment_method) {
    // A payee abroad is paid through Nium to the corridor details they gave (payees_abroad).
    case 'nium':
      return options.abroad
        ? { method: 'nium', payee_abroad_id: options.abroad.id, country: options.abroad.country, currency: options.abroad.currency }
        : null;
    case 'stripe':
      if (!row.account_number || !row.routing_number) return null;
      return {
        method: row.selected_payment_method,
        account_number: secrets.decrypt(row.account_number),
        routing_number: secrets.decrypt(row.routing_number),
        account_holder: { name: recipientName(row), type: row.business_name ? 'company' : 'individual' },
      };
    case 'paypal':
      return options.paypalEnabled && row.paypal_email ? { method: 'paypal', paypal_email: row.paypal_email } : null;
    case 'venmo':
      return options.paypalEnabled && row.venmo_phone_number ? { method: 'venmo', venmo_phone_number: row.venmo_phone_number } : null;
    default:
      return null;
  }
}

export function recipientName(row: {
  first_name: string | null;
  last_name: string | null;
  business_name?: string | null;
  email: string;
}): string {
  if (row.business_name) return row.business_name;
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return name || row.email;
}
