import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isSecretToken,
  payeeAbroadSubmissionBody,
  payeeMessages,
  payeeSubmissionBody,
  type PayeeLinkInfo,
  type PayeeSubmissionBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { inUnit, type HandlerUnit } from '../../events/dispatcher.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, taxForms, type Creator, type Org, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { creatorDisplayName, findCreatorForPayee, saveCreatorPayeeDetails } from '../creators/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { changedPayoutFields, hasPayoutDetails, recordPayoutChange } from '../payout-changes/index.ts';
import { sealSecret } from '../creators/index.ts';
import { INVALID_LINK_MESSAGE, findUsableLink, markLinkUsed, payeePayloadOf, waitingPaymentsOfLink } from '../links/index.ts';
import { findUserForPayee, saveUserPayeeDetails } from '../users/index.ts';
import { applyAbroadPayeeDetails } from './payee-abroad.ts';
import { assertIdentityKept, startWaitingPayouts } from './payee-identity.ts';
import { payoutDestination } from '../payments/index.ts';
import type { ExpiringLink } from '../../db/schema/index.ts';

async function findPerson(tx: DbOrTx, orgId: string, recipient: string, role: string): Promise<Creator | User | null> {
  return role === 'creator'
    ? findCreatorForPayee(tx, { org_id: orgId, id: recipient })
    : findUserForPayee(tx, { org_id: orgId, id: recipient });
}

/** GET /v1/expiring_link for a payee link: who pays, how much this link still waits for, and whether PayPal/Venmo are offered. */
export async function describePayeeLink(tx: DbOrTx, link: ExpiringLink): Promise<PayeeLinkInfo> {
  const { recipient, recipient_role } = payeePayloadOf(link);
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, link.org_id!));
  if (!org) throw new AppError('gone', INVALID_LINK_MESSAGE);
  const waiting = await waitingPaymentsOfLink(tx, link);
  const person = await findPerson(tx, org.id, recipient, recipient_role);
  if (!person) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return {
    type: 'payee',
    amount: waiting.reduce((sum, row) => sum + row.amount, 0),
    org_name: org.name,
    rec_first_name: person.first_name,
    rec_last_name: person.last_name,
    rec_business_name: 'business_name' in person ? person.business_name : null,
    is_paypal_enabled: org.paypal_enabled,
    requires_tax_form: org.require_tax_form_for_payouts,
  };
}

function parsePayeeSubmission(body: unknown): PayeeSubmissionBody {
  return parseWith(payeeSubmissionBody, body);
}

function parseWith<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new AppError('validation_error', issue?.message ?? 'Invalid request', { field: issue?.path.map(String).join('.') ?? '' });
}

/**
 * The payout columns a submission writes. An account or routing number sent back as the tok_
 * value of the stored one (the portal's masked fields) is left out: the stored secret stays.
 */
function payoutColumns(deps: AppDeps, body: PayeeSubmissionBody) {
  if (body.selected_payment_method === 'stripe') {
    const account = isSecretToken(body.account_number) ? null : sealSecret(deps.secrets, body.account_number);
    const routing = isSecretToken(body.routing_number) ? null : sealSecret(deps.secrets, body.routing_number);
    return {
      selected_payment_method: body.selected_payment_method,
      ...(account ? { account_number: account.sealed, account_number_last4: account.last4 } : {}),
      ...(routing ? { routing_number: routing.sealed, routing_number_last4: routing.last4 } : {}),
      paypal_email: null,
      venmo_phone_number: null,
    };
  }
  return {
    selected_payment_method: body.selected_payment_method,
    account_number: null,
    account_number_last4: null,
    routing_number: null,
    routing_number_last4: null,
    paypal_email: body.selected_payment_method === 'paypal' ? body.paypal_email : null,
    venmo_phone_number: body.selected_payment_method === 'venmo' ? body.venmo_phone_number : null,
  };
}

/**
 * The tax and address columns a submission writes, the same on a creator and on an agent's or
 * manager's users row. A tok_ tax id keeps the stored one; a kept identity is not rewritten.
 */
function taxAndAddressColumns(deps: AppDeps, body: PayeeSubmissionBody, keepIdentity: boolean) {
  const taxId = isSecretToken(body.tax_id) ? {} : { state_tax_id: deps.secrets.encrypt(body.tax_id) };
  const identity = keepIdentity
    ? {}
    : body.entity_type === 'individual'
      ? {
          legal_entity_type: 'individual' as const,
          first_name: body.first_name,
          last_name: body.last_name,
          date_of_birth: body.date_of_birth,
          business_name: null,
          ...taxId,
        }
      : { legal_entity_type: body.entity_type, business_name: body.business_name, ...taxId };
  return {
    ...identity,
    address_line_1: body.address.line_1,
    address_line_2: body.address.line_2 || null,
    address_city: body.address.city,
    address_state: body.address.state,
    address_zip: body.address.zip,
  };
}

function creatorDetails(deps: AppDeps, body: PayeeSubmissionBody, keepIdentity: boolean) {
  const entityType = keepIdentity
    ? {}
    : { entity_type: body.entity_type === 'individual' ? ('individual' as const) : ('business' as const) };
  return { ...payoutColumns(deps, body), ...entityType, ...taxAndAddressColumns(deps, body, keepIdentity) };
}

/** An agent's or manager's users row keeps no entity_type column (its legal_entity_type says it). */
function userDetails(deps: AppDeps, body: PayeeSubmissionBody, keepIdentity: boolean) {
  return { ...payoutColumns(deps, body), ...taxAndAddressColumns(deps, body, keepIdentity) };
}

/** A tok_ value stands for the stored secret: refused when nothing is stored to keep. */
function assertKeptSecretsExist(current: Creator | User, body: PayeeSubmissionBody): void {
  const missing = (field: 'account_number' | 'routing_number') =>
    body.selected_payment_method === 'stripe' && isSecretToken(body[field]) && !current[field];
  for (const field of ['account_number', 'routing_number'] as const) {
    if (missing(field)) throw new AppError('validation_error', 'This field is required', { field });
  }
  if (isSecretToken(body.tax_id) && !current.state_tax_id)
    throw new AppError('validation_error', 'This field is required', { field: 'tax_id' });
}

type ApplyPayeeDetails = {
  org: Org;
  recipient: string;
  recipient_role: 'creator' | 'agent' | 'manager';
  body: PayeeSubmissionBody;
  /** Who wrote it: the payee's own link, or their signed-in portal (changed_by: the session's real user). */
  source: 'payee_link' | 'portal';
  changed_by_user_id?: string | null;
};

/**
 * The one way a payee's own payout and tax details are written (payee link and creator portal):
 * the legal identity executed payments were made to is kept, the change is recorded and told
 * (payout-changes), and every payment of the payee waiting for details starts. Answers the
 * updated row, the amount that started and the email ids to send after commit.
 */
export async function applyPayeeDetails(unit: HandlerUnit, options: ApplyPayeeDetails) {
  const { deps, tx } = unit;
  const { org, recipient, recipient_role, body } = options;
  if (body.selected_payment_method !== 'stripe' && !org.paypal_enabled)
    throw new AppError('validation_error', `${org.name} pays by bank account only`, { field: 'selected_payment_method' });
  const current = await findPerson(tx, org.id, recipient, recipient_role);
  if (!current) throw new AppError('not_found', 'Payee not found');
  assertKeptSecretsExist(current, body);
  const isIdentityLocked = await assertIdentityKept(tx, { org, recipient, current, body });
  const isCreator = recipient_role === 'creator';
  const person = isCreator
    ? await saveCreatorPayeeDetails(tx, { org_id: org.id, id: recipient, details: creatorDetails(deps, body, isIdentityLocked) })
    : await saveUserPayeeDetails(tx, { org_id: org.id, id: recipient, details: userDetails(deps, body, isIdentityLocked) });
  if (!person) throw new AppError('not_found', 'Payee not found');
  const emailIds = await recordPayoutChange(unit, {
    org_id: org.id,
    payee: {
      type: isCreator ? 'creator' : 'user',
      id: recipient,
      name: isCreator
        ? creatorDisplayName(person as Creator)
        : [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email,
      email: person.email,
      link: isCreator ? `/creators/${recipient}` : `/agentsManagers/${recipient}`,
    },
    source: options.source,
    changed_by_user_id: options.changed_by_user_id ?? null,
    fields: changedPayoutFields(current, person),
    replacesDetails: hasPayoutDetails(current),
  });
  // Every payment of this recipient waiting for details can go now.
  const destination = payoutDestination(deps.secrets, person, { paypalEnabled: org.paypal_enabled });
  // The provider calls are made after the caller's commit: runProviderCallsSoon(deps, callIds).
  const { callIds, started } = await startWaitingPayouts(deps, tx, { org, recipient, destination });
  return { person, emailIds, callIds, started };
}

const isAbroadSubmission = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { selected_payment_method?: unknown }).selected_payment_method === 'nium';

/**
 * POST /v1/expiring_link for a payee link: stores the payout details (sealed) and tax details on
 * the recipient, uses the link up (locked: one use even when submitted twice at once) and starts
 * the payouts of the payments that were waiting for it. A link whose payments no longer wait is
 * gone; a legal identity that executed payments were made to is never rewritten.
 */
export async function submitPayeeLink(deps: AppDeps, linkId: string, rawBody: unknown) {
  const { answer, emailIds, callIds } = await inUnit(deps, async (unit) => {
    const { tx } = unit;
    const link = await findUsableLink(tx, linkId, { forUpdate: true });
    const { recipient, recipient_role } = payeePayloadOf(link);
    await waitingPaymentsOfLink(tx, link);
    const abroad = isAbroadSubmission(rawBody);
    const body = abroad ? parseWith(payeeAbroadSubmissionBody, rawBody) : parsePayeeSubmission(rawBody);
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, link.org_id!));
    if (!org) throw new AppError('gone', INVALID_LINK_MESSAGE);
    if (!(await findPerson(tx, org.id, recipient, recipient_role))) throw new AppError('gone', INVALID_LINK_MESSAGE);
    // Only an organisation that turned it on asks for the tax form first; otherwise it is offered, never blocking.
    if (org.require_tax_form_for_payouts && !(await hasActiveTaxForm(tx, recipient, recipient_role)))
      throw new AppError('conflict', payeeMessages.taxFormRequired);
    const { emailIds, callIds, started } =
      body.selected_payment_method === 'nium'
        ? await applyAbroadPayeeDetails(unit, { org, recipient, recipient_role, body })
        : await applyPayeeDetails(unit, { org, recipient, recipient_role, body, source: 'payee_link' });
    await markLinkUsed(tx, link);
    const answer = {
      amount: started.reduce((sum, row) => sum + row.amount, 0),
      org_name: org.name,
      selected_payment_method: body.selected_payment_method,
    };
    return { answer, emailIds, callIds };
  });
  await runProviderCallsSoon(deps, callIds);
  await sendQueuedEmails(deps.jobs, emailIds);
  return answer;
}

/** Whether the payee has a signed tax form in force (W-9 or W-8). */
async function hasActiveTaxForm(tx: DbOrTx, recipient: string, role: string): Promise<boolean> {
  const [form] = await tx
    .select({ id: taxForms.id })
    .from(taxForms)
    .where(
      and(
        eq(taxForms.payee_id, recipient),
        eq(taxForms.payee_type, role === 'creator' ? 'creator' : 'user'),
        eq(taxForms.status, 'active'),
      ),
    )
    .limit(1);
  return Boolean(form);
}
