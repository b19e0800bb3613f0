import { and, eq, inArray } from 'drizzle-orm';
import { payeeSubmissionBody, type PayeeLinkInfo, type PayeeSubmissionBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, payments, type Creator, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sandboxNow } from '../clock/index.ts';
import { creatorDisplayName, findCreatorForPayee, saveCreatorPayeeDetails } from '../creators/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { changedPayoutFields, hasPayoutDetails, recordPayoutChange } from '../payout-changes/index.ts';
import { sealSecret } from '../creators/index.ts';
import { INVALID_LINK_MESSAGE, findUsableLink, markLinkUsed, payeePayloadOf, waitingPaymentsOfLink } from '../links/index.ts';
import { findUserForPayee, saveUserPayeeDetails } from '../users/index.ts';
import { startPayouts } from './payouts.ts';
import { payoutDestination } from './recipients.ts';
import type { ExpiringLink } from '../../db/schema/index.ts';

/** Statuses of payments that have been executed towards a payout: the identity they were made to stays. */
const EXECUTED = ['processing', 'succeeded', 'returned', 'failed'] as const;

export const identityLockedMessage = (orgName: string) =>
  `Your legal name is already on file with ${orgName} for payments made to you. Contact ${orgName} to change it.`;

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
  };
}

export function parsePayeeSubmission(body: unknown): PayeeSubmissionBody {
  const parsed = payeeSubmissionBody.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new AppError('validation_error', issue?.message ?? 'Invalid request', { field: issue?.path.join('.') ?? '' });
}

function payoutColumns(deps: AppDeps, body: PayeeSubmissionBody) {
  const bank =
    body.selected_payment_method === 'stripe'
      ? { account: sealSecret(deps.secrets, body.account_number), routing: sealSecret(deps.secrets, body.routing_number) }
      : null;
  return {
    selected_payment_method: body.selected_payment_method,
    account_number: bank?.account.sealed ?? null,
    account_number_last4: bank?.account.last4 ?? null,
    routing_number: bank?.routing.sealed ?? null,
    paypal_email: body.selected_payment_method === 'paypal' ? body.paypal_email : null,
    venmo_phone_number: body.selected_payment_method === 'venmo' ? body.venmo_phone_number : null,
  };
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Whether the submitted legal identity differs from the one payments were already executed to. */
function changesIdentity(person: Creator | User, body: PayeeSubmissionBody): boolean {
  const isBusiness = body.entity_type !== 'individual';
  if ('entity_type' in person) {
    if ((person.entity_type === 'business') !== isBusiness) return true;
    if (isBusiness) return !same(person.business_name, body.business_name);
  }
  if (body.entity_type !== 'individual') return false;
  return !same(person.first_name, body.first_name) || !same(person.last_name, body.last_name);
}

async function hasExecutedPayments(tx: DbOrTx, orgId: string, recipient: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.recipient, recipient), inArray(payments.status, [...EXECUTED])))
    .limit(1);
  return Boolean(row);
}

function creatorDetails(deps: AppDeps, body: PayeeSubmissionBody, keepIdentity: boolean) {
  const identity = keepIdentity
    ? {}
    : body.entity_type === 'individual'
      ? {
          entity_type: 'individual' as const,
          legal_entity_type: 'individual' as const,
          first_name: body.first_name,
          last_name: body.last_name,
          business_name: null,
          state_tax_id: deps.secrets.encrypt(body.tax_id),
        }
      : {
          entity_type: 'business' as const,
          legal_entity_type: body.entity_type,
          business_name: body.business_name,
          state_tax_id: deps.secrets.encrypt(body.tax_id),
        };
  return {
    ...payoutColumns(deps, body),
    routing_number_last4: body.selected_payment_method === 'stripe' ? body.routing_number.slice(-4) : null,
    ...identity,
    address_line_1: body.address.line_1,
    address_line_2: body.address.line_2 || null,
    address_city: body.address.city,
    address_state: body.address.state,
    address_zip: body.address.zip,
  };
}

/**
 * POST /v1/expiring_link for a payee link: stores the payout details (sealed) and tax details on
 * the recipient, uses the link up (locked: one use even when submitted twice at once) and starts
 * the payouts of the payments that were waiting for it. A link whose payments no longer wait is
 * gone; a legal identity that executed payments were made to is never rewritten.
 */
export async function submitPayeeLink(deps: AppDeps, linkId: string, rawBody: unknown) {
  const { answer, emailIds, callIds } = await deps.db.transaction(async (tx) => {
    const link = await findUsableLink(tx, linkId, { forUpdate: true });
    const { recipient, recipient_role } = payeePayloadOf(link);
    await waitingPaymentsOfLink(tx, link);
    const body = parsePayeeSubmission(rawBody);
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, link.org_id!));
    if (!org) throw new AppError('gone', INVALID_LINK_MESSAGE);
    if (body.selected_payment_method !== 'stripe' && !org.paypal_enabled)
      throw new AppError('validation_error', `${org.name} pays by bank account only`, { field: 'selected_payment_method' });
    const current = await findPerson(tx, org.id, recipient, recipient_role);
    if (!current) throw new AppError('gone', INVALID_LINK_MESSAGE);
    const isIdentityLocked = await hasExecutedPayments(tx, org.id, recipient);
    if (isIdentityLocked && changesIdentity(current, body)) {
      throw new AppError('validation_error', identityLockedMessage(org.name), {
        field: body.entity_type === 'individual' ? 'first_name' : 'business_name',
      });
    }
    const person =
      recipient_role === 'creator'
        ? await saveCreatorPayeeDetails(tx, { org_id: org.id, id: recipient, details: creatorDetails(deps, body, isIdentityLocked) })
        : await saveUserPayeeDetails(tx, {
            org_id: org.id,
            id: recipient,
            details: {
              ...payoutColumns(deps, body),
              ...(body.entity_type === 'individual' && !isIdentityLocked ? { first_name: body.first_name, last_name: body.last_name } : {}),
            },
          });
    if (!person) throw new AppError('gone', INVALID_LINK_MESSAGE);
    await markLinkUsed(tx, link);
    const isCreator = recipient_role === 'creator';
    const emailIds = await recordPayoutChange(tx, deps, {
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
      source: 'payee_link',
      fields: changedPayoutFields(current, person),
      replacesDetails: hasPayoutDetails(current),
    });
    // Every payment of this recipient waiting for details can go now, not only this link's.
    const waiting = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.org_id, org.id),
          eq(payments.recipient, recipient),
          eq(payments.status, 'requires_info'),
          eq(payments.is_deleted, false),
        ),
      )
      .orderBy(payments.id)
      .for('update');
    const destination = payoutDestination(deps.secrets, person, { paypalEnabled: org.paypal_enabled });
    const callIds = destination
      ? await startPayouts(
        deps,
        tx,
        org.id,
        waiting.map((payment) => ({ payment, destination })),
          await sandboxNow(tx),
        )
      : [];
    const answer = {
      amount: waiting.reduce((sum, row) => sum + row.amount, 0),
      org_name: org.name,
      selected_payment_method: body.selected_payment_method,
    };
    return { answer, emailIds, callIds };
  });
  await runProviderCallsSoon(deps, callIds);
  await sendQueuedEmails(deps.jobs, emailIds);
  return answer;
}
