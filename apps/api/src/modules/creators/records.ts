import type { CreatorRecord } from '@crewpay/core';
import type { Creator } from '../../db/schema/index.ts';
import { secretToken } from './secrets.ts';

export type TagRef = { id: string; label: string };
type PaymentTotals = { payments_count: number; amount_paid: number };

/** The allowlist of creator fields an answer carries: sealed secrets only as tok_ values. */
export function toCreatorRecord(creator: Creator, tags: TagRef[], totals: PaymentTotals): CreatorRecord {
  return {
    id: creator.id,
    org_id: creator.org_id,
    user_id: creator.user_id,
    email: creator.email,
    entity_type: creator.entity_type,
    first_name: creator.first_name,
    last_name: creator.last_name,
    business_name: creator.business_name,
    pronouns: creator.pronouns,
    bio: creator.bio,
    phone_number: creator.phone_number,
    account_number: secretToken(creator.account_number),
    account_number_last4: creator.account_number ? creator.account_number_last4 : null,
    routing_number: secretToken(creator.routing_number),
    routing_number_last4: creator.routing_number ? creator.routing_number_last4 : null,
    state_tax_id: secretToken(creator.state_tax_id),
    is_active: creator.is_active,
    invitation: creator.invitation,
    is_w2: creator.is_w2,
    custom_withholding_rate: creator.custom_withholding_rate,
    agent_id: creator.agent_id,
    agent_split: creator.agent_split,
    manager_id: creator.manager_id,
    manager_split: creator.manager_split,
    notes: creator.notes,
    platforms: creator.platforms,
    selected_payment_method: creator.selected_payment_method,
    paypal_email: creator.paypal_email,
    venmo_phone_number: creator.venmo_phone_number,
    qb_vendor: creator.qb_vendor ?? null,
    address_line_1: creator.address_line_1,
    address_line_2: creator.address_line_2,
    address_city: creator.address_city,
    address_state: creator.address_state,
    address_zip: creator.address_zip,
    address_shipping_line_1: creator.address_shipping_line_1,
    address_shipping_line_2: creator.address_shipping_line_2,
    address_shipping_city: creator.address_shipping_city,
    address_shipping_state: creator.address_shipping_state,
    address_shipping_zip: creator.address_shipping_zip,
    is_shipping_same_as_home: creator.is_shipping_same_as_home,
    tags,
    payments_count: totals.payments_count,
    amount_paid: totals.amount_paid,
    created_at: creator.created_at.toISOString(),
    updated_at: creator.updated_at.toISOString(),
  };
}
