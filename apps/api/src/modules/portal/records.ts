import type { CreatorUserRecord, PortalPayeeRole } from '@crewpay/core';
import type { Creator, Org, User } from '../../db/schema/index.ts';
import { secretToken } from '../creators/index.ts';

/** The columns a creator row and an agent's or manager's users row share for the portal's card. */
type PayeeColumns = Pick<
  Creator & User,
  | 'id'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'date_of_birth'
  | 'business_name'
  | 'legal_entity_type'
  | 'state_tax_id'
  | 'account_number'
  | 'account_number_last4'
  | 'routing_number'
  | 'routing_number_last4'
  | 'selected_payment_method'
  | 'paypal_email'
  | 'venmo_phone_number'
  | 'address_line_1'
  | 'address_line_2'
  | 'address_city'
  | 'address_state'
  | 'address_zip'
>;

/** The allowlist of what a payee reads about themselves: secrets as tok_ values and last four only. */
function toRecord(
  person: PayeeColumns,
  org: Org,
  extra: { payee_roles: PortalPayeeRole[]; entity_type: CreatorUserRecord['entity_type'] },
): CreatorUserRecord {
  return {
    id: person.id,
    payee_roles: extra.payee_roles,
    org_id: org.id,
    org_name: org.name,
    is_paypal_enabled: org.paypal_enabled,
    email: person.email,
    first_name: person.first_name,
    last_name: person.last_name,
    date_of_birth: person.date_of_birth,
    business_name: person.business_name,
    entity_type: extra.entity_type,
    tax_id: secretToken(person.state_tax_id),
    account_number: secretToken(person.account_number),
    account_number_last4: person.account_number ? person.account_number_last4 : null,
    routing_number: secretToken(person.routing_number),
    routing_number_last4: person.routing_number ? person.routing_number_last4 : null,
    selected_payment_method: person.selected_payment_method,
    paypal_email: person.paypal_email,
    venmo_phone_number: person.venmo_phone_number,
    address_line_1: person.address_line_1,
    address_line_2: person.address_line_2,
    address_city: person.address_city,
    address_state: person.address_state,
    address_zip: person.address_zip,
  };
}

export function creatorPortalRecord(creator: Creator, org: Org): CreatorUserRecord {
  return toRecord(creator, org, {
    payee_roles: ['creator'],
    entity_type: creator.legal_entity_type ?? (creator.entity_type === 'individual' ? 'individual' : null),
  });
}

const userPayeeRoles = (user: Pick<User, 'is_agent' | 'is_manager'>): PortalPayeeRole[] => [
  ...(user.is_agent ? (['agent'] as const) : []),
  ...(user.is_manager ? (['manager'] as const) : []),
];

/** The user's own account, where the organisation pays them as its agent or manager. */
export function userPayeePortalRecord(user: User, org: Org): CreatorUserRecord {
  return toRecord(user, org, { payee_roles: userPayeeRoles(user), entity_type: user.legal_entity_type });
}
