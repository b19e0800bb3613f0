import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contracts, users, type Contract } from '../../db/schema/index.ts';
import { esignProvider, EsignRequestError } from '../../providers/esign/index.ts';
import { queueEmail, sendQueuedEmails } from '../email/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { findContractRow, orgScope, recipientOf } from './queries.ts';

export const PREPARE_SIGNATURE_REQUEST_JOB = 'contracts.prepare_signature_request';

/** A signing link ends with the contract's expiration date (the end of that day, UTC). */
export const signingLinkExpiry = (expirationDate: string) => new Date(Date.parse(`${expirationDate}T00:00:00Z`) + 86_400_000);

export const signingUrl = (deps: AppDeps, linkId: string) => `${deps.config.publicUrl}/sign/${linkId}`;

/** Queues the email carrying a fresh signing link to the contract's recipient; answers the email id. */
export async function queueSigningEmail(deps: AppDeps, tx: DbOrTx, contract: Contract, options: { reminder: boolean }): Promise<string> {
  const row = await findContractRow(tx, orgScope(contract.org_id), contract.id);
  const recipient = recipientOf(row);
  const linkId = await createExpiringLink(tx, {
    type: 'contract_signing',
    org_id: contract.org_id,
    payload: { contract_id: contract.id },
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

/** After the commit that created a signature request: the provider call runs as a job. */
export async function prepareSignatureRequestSoon(deps: AppDeps, contractId: string): Promise<void> {
  await deps.jobs.send(PREPARE_SIGNATURE_REQUEST_JOB, { contract_id: contractId });
}

/**
 * The signature request call: the provider prepares the document with no transaction open; a
 * short transaction then records its answer (pending -> ready, once) and queues the signing email.
 * A document the provider refuses ends as failed; anything else throws and the job retries.
 */
export async function prepareSignatureRequest(deps: AppDeps, contractId: string): Promise<void> {
  const [contract] = await deps.db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!contract || contract.preview_state !== 'pending') return;
  let answer: { signature_request_id: string };
  try {
    answer = await esignProvider(deps.config).createSignatureRequest({
      idempotency_key: `contract:${contract.id}`,
      document_key: contract.original_key,
      title: contract.title,
      form_fields: contract.form_fields,
    });
  } catch (error) {
    if (error instanceof EsignRequestError && !error.retryable) {
      await deps.db
        .update(contracts)
        .set({ preview_state: 'failed' })
        .where(and(eq(contracts.id, contractId), eq(contracts.preview_state, 'pending')));
      return;
    }
    throw error;
  }
  const emailIds = await deps.db.transaction(async (tx) => {
    const [ready] = await tx
      .update(contracts)
      .set({ preview_state: 'ready', signature_request_id: answer.signature_request_id })
      .where(and(eq(contracts.id, contractId), eq(contracts.preview_state, 'pending')))
      .returning();
    if (!ready || ready.status === 'canceled') return [];
    return [await queueSigningEmail(deps, tx, ready, { reminder: false })];
  });
  await sendQueuedEmails(deps.jobs, emailIds);
}

export async function registerContractJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register<{ contract_id: string }>(PREPARE_SIGNATURE_REQUEST_JOB, (data) => prepareSignatureRequest(deps, data.contract_id));
}

/** Who in the organisation hears of a signature: the sender, else the owners. */
export async function orgRecipientsOf(tx: DbOrTx, contract: Contract): Promise<string[]> {
  if (contract.created_by) {
    const [sender] = await tx.select({ email: users.email }).from(users).where(and(eq(users.id, contract.created_by), eq(users.org_id, contract.org_id)));
    if (sender) return [sender.email];
  }
  const owners = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.org_id, contract.org_id), inArray(users.role, ['owner'])))
    .orderBy(asc(users.created_at));
  return owners.map((owner) => owner.email);
}
