import { isSecretToken, type PayeeAbroadSubmission } from '@crewpay/core';
import type { HandlerUnit } from '../../events/dispatcher.ts';
import type { Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { creatorDisplayName, findCreatorForPayee, saveCreatorPayeeDetails } from '../creators/index.ts';
import { changedPayoutFields, hasPayoutDetails, recordPayoutChange } from '../payout-changes/index.ts';
import { savePayeeAbroad } from '../nium/index.ts';
import { assertIdentityKept, startWaitingPayouts } from './payee-identity.ts';
import { payoutDestination } from '../payments/index.ts';

/** The creator columns an abroad submission writes: a kept identity is not rewritten, the US payout details are forgotten. */
function abroadCreatorDetails(unit: HandlerUnit, body: PayeeAbroadSubmission, keepIdentity: boolean) {
  const identity = keepIdentity
    ? {}
    : body.entity_type === 'individual'
      ? {
          entity_type: 'individual' as const,
          legal_entity_type: 'individual' as const,
          first_name: body.first_name,
          last_name: body.last_name,
          business_name: null,
        }
      : { entity_type: 'business' as const, legal_entity_type: body.entity_type, business_name: body.business_name };
  return {
    ...identity,
    ...(body.tax_id && !isSecretToken(body.tax_id) ? { state_tax_id: unit.deps.secrets.encrypt(body.tax_id) } : {}),
    selected_payment_method: 'nium' as const,
    account_number: null,
    account_number_last4: null,
    routing_number: null,
    routing_number_last4: null,
    paypal_email: null,
    venmo_phone_number: null,
    address_line_1: body.address.line_1,
    address_line_2: body.address.line_2 || null,
    address_city: body.address.city,
    address_state: body.address.region || null,
    address_zip: body.address.postal_code || null,
  };
}

/**
 * A payee abroad's own details through their link or the portal (creators only: payees_abroad belongs to a
 * creator): the corridor's bank fields kept sealed (savePayeeAbroad), the name, address abroad and
 * home tax id on the creator, the US bank, PayPal and Venmo details forgotten; the waiting
 * payments start through Nium from the Nium wallet (those it cannot cover keep waiting).
 */
export async function applyAbroadPayeeDetails(
  unit: HandlerUnit,
  options: {
    org: Org;
    recipient: string;
    recipient_role: string;
    body: PayeeAbroadSubmission;
    /** The portal's (the signed-in payee), else the payee link's. */
    portal?: { changed_by_user_id: string };
  },
) {
  const { deps, tx } = unit;
  const { org, recipient, body } = options;
  if (options.recipient_role !== 'creator')
    throw new AppError('validation_error', `${org.name} pays agents and managers in the United States only`, {
      field: 'selected_payment_method',
    });
  const current = await findCreatorForPayee(tx, { org_id: org.id, id: recipient });
  if (!current) throw new AppError('not_found', 'Payee not found');
  const isIdentityLocked = await assertIdentityKept(tx, { org, recipient, current, body });
  const person = await saveCreatorPayeeDetails(tx, {
    org_id: org.id,
    id: recipient,
    details: abroadCreatorDetails(unit, body, isIdentityLocked),
  });
  if (!person) throw new AppError('not_found', 'Payee not found');
  const abroad = await savePayeeAbroad(tx, deps.secrets, { org_id: org.id, payee_id: recipient, abroad: body.abroad });
  const emailIds = await recordPayoutChange(unit, {
    org_id: org.id,
    payee: { type: 'creator', id: recipient, name: creatorDisplayName(person), email: person.email, link: `/creators/${recipient}` },
    source: options.portal ? 'portal' : 'payee_link',
    changed_by_user_id: options.portal?.changed_by_user_id ?? null,
    fields: [...new Set([...changedPayoutFields(current, person), 'bank_account' as const])],
    replacesDetails: hasPayoutDetails(current) || current.selected_payment_method === 'nium',
  });
  const destination = payoutDestination(deps.secrets, person, { paypalEnabled: org.paypal_enabled, abroad });
  const { callIds, started } = await startWaitingPayouts(deps, tx, { org, recipient, destination });
  return { emailIds, callIds, started };
}
