import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import type { SignedDocument } from '../../providers/esign/index.ts';
import { queueEmail, sendQueuedEmails } from '../email/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { findContractRow, orgScope, recipientOf } from './queries.ts';
import { orgRecipientsOf, signingUrl } from './signing.ts';

export const SIGNED_EVENT = 'signature_request.signed';
/** How long the recipient's link to the signed copy works. */
const SIGNED_COPY_LINK_DAYS = 90;

/**
 * Applies 'signature_request.signed': only a Sent contract (requires_info, no signature date,
 * not canceled) moves to signed, so a repeated or late event changes nothing. Answers the emails
 * to send after the commit.
 */
export async function applySignedEvent(deps: AppDeps, tx: Tx, event: SignedDocument): Promise<string[]> {
  const [signed] = await tx
    .update(contracts)
    .set({
      status: 'succeeded',
      signature_date: new Date(event.audit.signed_at ?? Date.now()),
      signed_key: event.signed_key,
      signed_sha256: event.signed_sha256,
      audit: { ...event.audit, signed_sha256: event.signed_sha256, event_id: event.event_id },
    })
    .where(
      and(eq(contracts.signature_request_id, event.signature_request_id), eq(contracts.status, 'requires_info'), isNull(contracts.signature_date)),
    )
    .returning();
  if (!signed) return [];
  const row = await findContractRow(tx, orgScope(signed.org_id), signed.id);
  const recipient = recipientOf(row);
  await emitWebhookEvent(tx, {
    org_id: signed.org_id,
    type: 'contract.signed',
    data: { contract_id: signed.id, title: signed.title, recipient_type: signed.recipient_type, recipient: recipient.name, signed_at: event.audit.signed_at },
  });
  const emailIds: string[] = [];
  for (const to of await orgRecipientsOf(tx, signed)) {
    emailIds.push(
      await queueEmail(tx, {
        org_id: signed.org_id,
        to,
        subject: `"${signed.title}" has been signed`,
        paragraphs: [`${recipient.name} signed "${signed.title}" on ${event.audit.signed_at} (UTC).`, `SHA-256 of the signed file: ${event.signed_sha256}`],
        links: [{ label: 'View the contract', url: `${deps.config.publicUrl}/contracts/${signed.id}` }],
      }),
    );
  }
  const copyLink = await createExpiringLink(tx, {
    type: 'contract_signing',
    org_id: signed.org_id,
    payload: { contract_id: signed.id },
    expires_at: new Date(Date.now() + SIGNED_COPY_LINK_DAYS * 86_400_000),
  });
  emailIds.push(
    await queueEmail(tx, {
      org_id: signed.org_id,
      to: event.audit.signer_email ?? recipient.email ?? '',
      subject: `Your signed copy of "${signed.title}"`,
      paragraphs: [
        `Hello ${recipient.name},`,
        `You signed "${signed.title}" for ${row.org_name}. Your signed copy, with its signature certificate, can be downloaded for ${SIGNED_COPY_LINK_DAYS} days.`,
        `SHA-256 of the signed file: ${event.signed_sha256}`,
      ],
      links: [{ label: 'Download your signed copy', url: signingUrl(deps, copyLink) }],
    }),
  );
  return emailIds;
}

/**
 * Receives the provider's signed event. Today the built-in provider hands it over in process; the
 * outbox's webhook route (POST /v1/webhooks/:provider) will carry it signed, with the same handler.
 */
export async function receiveSignedEvent(deps: AppDeps, event: SignedDocument): Promise<void> {
  const emailIds = await deps.db.transaction((tx) => applySignedEvent(deps, tx, event));
  await sendQueuedEmails(deps.jobs, emailIds);
}
