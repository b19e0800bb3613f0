import { and, asc, eq, sql } from 'drizzle-orm';
import type { SignatureField } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { contracts, creators, customers, expiringLinks, users, type Contract } from '../../db/schema/index.ts';
import { ESIGN_PROVIDER } from '../../providers/esign/index.ts';
import { queueEmail, sendQueuedEmails } from '../email/index.ts';
import { queueSms } from '../sms/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { recordProviderCall } from '../provider-calls/index.ts';
import { findContractRow, orgScope, recipientOf, selectContracts } from './queries.ts';

export const CREATE_SIGNATURE_REQUEST = 'signature_request.create';

/** A signing link ends with the contract's expiration date (the end of that day, UTC). */
export const signingLinkExpiry = (expirationDate: string) => new Date(Date.parse(`${expirationDate}T00:00:00Z`) + 86_400_000);

export const signingUrl = (deps: Pick<AppDeps, 'config'>, linkId: string) => `${deps.config.publicUrl}/sign/${linkId}`;

export type SignatureRequestCall = {
  contract_id: string;
  document_key: string;
  title: string;
  form_fields: SignatureField[];
  /** A template made in the hosted service's own editor (Dropbox Sign): its fields, not our blocks. */
  provider_template_id?: string | null;
};

/**
 * Records the signature request (the provider call) in the transaction that creates the contract,
 * with the e-signature service the contract is sent with (contracts.esign_provider).
 */
export function recordSignatureRequest(
  tx: Tx,
  contract: {
    id: string;
    org_id: string;
    original_key: string;
    title: string;
    form_fields: SignatureField[];
    esign_provider?: string;
    provider_template_id?: string | null;
  },
) {
  const request: SignatureRequestCall = {
    contract_id: contract.id,
    document_key: contract.original_key,
    title: contract.title,
    form_fields: contract.form_fields,
    provider_template_id: contract.provider_template_id ?? null,
  };
  return recordProviderCall(tx, {
    org_id: contract.org_id,
    provider: contract.esign_provider ?? ESIGN_PROVIDER,
    operation: CREATE_SIGNATURE_REQUEST,
    idempotency_key: `contract:${contract.id}:signature_request`,
    subject_id: contract.id,
    request,
  });
}

/** Queues the email carrying a fresh signing link to the contract's recipient; answers the email id. */
export async function queueSigningEmail(
  deps: Pick<AppDeps, 'config'>,
  tx: DbOrTx,
  contract: Contract,
  options: { reminder: boolean },
): Promise<string> {
  const row = await findContractRow(tx, orgScope(contract.org_id), contract.id);
  const recipient = recipientOf(row);
  const linkId = await createExpiringLink(tx, {
    type: 'contract_signing',
    org_id: contract.org_id,
    payload: { contract_id: contract.id, purpose: options.reminder ? 'reminder' : 'request' },
    expires_at: signingLinkExpiry(contract.expiration_date),
  });
  return queueEmail(tx, {
    org_id: contract.org_id,
    to: recipient.email ?? '',
    subject: `${options.reminder ? 'Reminder: ' : ''}${row.org_name} sent you "${contract.title}" to sign`,
    paragraphs: [
      `Hello ${recipient.name},`,
      `${row.org_name} asks you to review and sign "${contract.title}". The link works until the end of ${contract.expiration_date} (UTC).`,
    ],
    links: [{ label: 'Review and sign', url: signingUrl(deps, linkId) }],
  });
}

/**
 * Queues a text carrying a fresh signing link to the contract's recipient, when the recipient
 * (creator or customer) has a phone number; answers the text's id, or null.
 */
export async function queueSigningSms(deps: Pick<AppDeps, 'config'>, tx: Tx, contract: Contract): Promise<string | null> {
  const [row] = await selectContracts(tx, { creator_phone: creators.phone_number, customer_phone: customers.phone_number })
    .where(and(orgScope(contract.org_id), eq(contracts.id, contract.id)))
    .limit(1);
  const phone = row && (contract.recipient_type === 'creator' ? row.creator_phone : row.customer_phone);
  if (!row || !phone) return null;
  const linkId = await createExpiringLink(tx, {
    type: 'contract_signing',
    org_id: contract.org_id,
    payload: { contract_id: contract.id, purpose: 'reminder' },
    expires_at: signingLinkExpiry(contract.expiration_date),
  });
  return queueSms(deps, tx, {
    org_id: contract.org_id,
    to: phone,
    body: `${row.org_name}: please review and sign "${contract.title}" by ${contract.expiration_date}. Sign: ${signingUrl(deps, linkId)}`,
  });
}

/**
 * The built-in provider emails the signer once per request, as a hosted service does: a repeated
 * call (a retry after a lost answer) finds the request's link and sends nothing again.
 */
export async function emailSigningLinkOnce(deps: AppDeps, contractId: string): Promise<void> {
  const emailIds = await deps.db.transaction(async (tx) => {
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for('update');
    if (!contract || contract.status !== 'requires_info') return [];
    const [sent] = await tx
      .select({ id: expiringLinks.id })
      .from(expiringLinks)
      .where(
        and(
          eq(expiringLinks.type, 'contract_signing'),
          sql`${expiringLinks.payload} @> ${JSON.stringify({ contract_id: contractId, purpose: 'request' })}::jsonb`,
        ),
      )
      .limit(1);
    if (sent) return [];
    return [await queueSigningEmail(deps, tx, contract, { reminder: false })];
  });
  await sendQueuedEmails(deps.jobs, emailIds);
}

/** Who in the organisation hears of a signature: the sender, else the owners. */
export async function orgRecipientsOf(tx: DbOrTx, contract: Contract): Promise<string[]> {
  if (contract.created_by) {
    const [sender] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, contract.created_by), eq(users.org_id, contract.org_id)));
    if (sender) return [sender.email];
  }
  const owners = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.org_id, contract.org_id), eq(users.role, 'owner')))
    .orderBy(asc(users.created_at));
  return owners.map((owner) => owner.email);
}
