import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { ProviderEventOutcome } from '../../events/dispatcher.ts';
import { contracts, type ProviderEvent } from '../../db/schema/index.ts';
import { queueEmail, sendQueuedEmails } from '../email/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { findContractRow, orgScope, recipientOf } from './queries.ts';
import { orgRecipientsOf, signingUrl } from './signing.ts';

export const SIGNED_EVENT = 'signature_request.signed';
/** How long the recipient's link to the signed copy works. */
const SIGNED_COPY_LINK_DAYS = 90;

const AUDIT_FIELDS = [
  'document_title',
  'reference',
  'signer_name',
  'signer_email',
  'signed_at',
  'ip',
  'user_agent',
  'signature_type',
  'original_sha256',
  'stamped_sha256',
];

/**
 * Applies 'signature_request.signed': only a Sent contract (requires_info, no signature date,
 * not canceled) moves to signed, so a repeated or late event changes nothing. An event for a
 * request we do not know yet waits and is tried again.
 */
export async function applySignedEvent(
  tx: Tx,
  event: ProviderEvent,
  afterCommit?: (task: () => Promise<void>) => void,
): Promise<ProviderEventOutcome> {
  const [known] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.org_id, event.org_id), eq(contracts.signature_request_id, event.object_id)));
  if (!known) return 'retry_later';
  const data = event.data as Record<string, string>;
  const audit = Object.fromEntries(AUDIT_FIELDS.map((field) => [field, data[field] ?? '']));
  const [signed] = await tx
    .update(contracts)
    .set({
      status: 'succeeded',
      signature_date: new Date(data.signed_at ?? Date.now()),
      signed_key: data.signed_key,
      signed_sha256: data.signed_sha256,
      audit: { ...audit, signed_sha256: data.signed_sha256 ?? '', event_id: event.id },
    })
    .where(and(eq(contracts.id, known.id), eq(contracts.status, 'requires_info'), isNull(contracts.signature_date)))
    .returning();
  if (!signed) return;
  const row = await findContractRow(tx, orgScope(signed.org_id), signed.id);
  await emitWebhookEvent(
    tx,
    {
      org_id: signed.org_id,
      type: 'contract.signed',
      data: {
        contract_id: signed.id,
        title: signed.title,
        recipient_type: signed.recipient_type,
        recipient: recipientOf(row).name,
        signed_at: data.signed_at,
      },
    },
    { afterCommit },
  );
}

/**
 * The emails of a signature, sent by the flow whose event signed the contract (the event id in
 * its audit), so they go once: the organisation's sender, and the signer's copy.
 */
export async function emailSignature(deps: AppDeps, contractId: string, eventId: string): Promise<void> {
  const emailIds = await deps.db.transaction(async (tx) => {
    const [signed] = await tx.select().from(contracts).where(eq(contracts.id, contractId));
    if (!signed?.audit || signed.audit.event_id !== eventId) return [];
    const row = await findContractRow(tx, orgScope(signed.org_id), signed.id);
    const recipient = recipientOf(row);
    const signedAt = signed.audit.signed_at ?? '';
    const ids: string[] = [];
    for (const to of await orgRecipientsOf(tx, signed)) {
      ids.push(
        await queueEmail(tx, {
          org_id: signed.org_id,
          to,
          subject: `"${signed.title}" has been signed`,
          paragraphs: [
            `${recipient.name} signed "${signed.title}" on ${signedAt} (UTC).`,
            `SHA-256 of the signed file: ${signed.signed_sha256}`,
          ],
          links: [{ label: 'View the contract', url: `${deps.config.publicUrl}/contracts/${signed.id}` }],
        }),
      );
    }
    const copyLink = await createExpiringLink(tx, {
      type: 'contract_signing',
      org_id: signed.org_id,
      payload: { contract_id: signed.id, purpose: 'signed_copy' },
      expires_at: new Date(Date.now() + SIGNED_COPY_LINK_DAYS * 86_400_000),
    });
    ids.push(
      await queueEmail(tx, {
        org_id: signed.org_id,
        to: signed.audit.signer_email || recipient.email || '',
        subject: `Your signed copy of "${signed.title}"`,
        paragraphs: [
          `Hello ${recipient.name},`,
          `You signed "${signed.title}" for ${row.org_name}. Your signed copy, with its signature certificate, can be downloaded for ${SIGNED_COPY_LINK_DAYS} days.`,
          `SHA-256 of the signed file: ${signed.signed_sha256}`,
        ],
        links: [{ label: 'Download your signed copy', url: signingUrl(deps, copyLink) }],
      }),
    );
    return ids;
  });
  await sendQueuedEmails(deps.jobs, emailIds);
}
