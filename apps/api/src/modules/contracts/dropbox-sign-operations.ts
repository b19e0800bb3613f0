import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ProviderEventHandler } from '../../events/dispatcher.ts';
import { newId } from '../../lib/ids.ts';
import { contracts } from '../../db/schema/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { DROPBOX_SIGN_PROVIDER, dropboxSign, EsignRequestError } from '../../providers/esign/index.ts';
import { acceptProviderEvents, recordProviderCall, type ProviderOperation } from '../provider-calls/index.ts';
import { markPreparationFailed, markRequestReady, type SignatureRequestAnswer } from './esign-operations.ts';
import { emailSignature } from './events.ts';
import { findContractRow, orgScope, recipientOf } from './queries.ts';
import { CREATE_SIGNATURE_REQUEST, type SignatureRequestCall } from './signing.ts';

const DOWNLOAD_SIGNED_FILE = 'signature_request.download_signed';
const CANCEL_SIGNATURE_REQUEST = 'signature_request.cancel';
const REMIND_SIGNER = 'signature_request.remind';
const CONFIRM_DECLINED = 'signature_request.confirm_declined';
/** Dropbox Sign's events we act on (providers/esign/dropbox-sign-callback.ts reads them). */
const ALL_SIGNED_EVENT = 'signature_request.all_signed';
const DECLINED_EVENT = 'signature_request.declined';
/** Our own event, once Dropbox Sign's API confirmed a decline (confirmDeclinedOperation). */
const DECLINE_CONFIRMED_EVENT = 'signature_request.decline_confirmed';

/**
 * The signature request at Dropbox Sign: the stored PDF with our blocks as its signer's fields
 * (or a template made in its editor), the recipient as the signer, our ids as metadata. Dropbox
 * Sign emails the signer itself, so no link of ours is sent.
 */
export const dropboxSignRequestOperation: ProviderOperation<SignatureRequestCall, SignatureRequestAnswer> = {
  provider: DROPBOX_SIGN_PROVIDER,
  operation: CREATE_SIGNATURE_REQUEST,
  async call(deps, request, ctx) {
    const row = await findContractRow(deps.db, orgScope(ctx.org_id), request.contract_id);
    // Invalidated while the call waited (a retry): nothing may reach the signer any more.
    if (row.contract.status !== 'requires_info') throw new ProviderCallError({ code: 'contract_not_sendable', retryable: false });
    const recipient = recipientOf(row);
    if (!recipient.email) throw new ProviderCallError({ code: 'recipient_without_email', retryable: false });
    try {
      return await dropboxSign(deps).createSignatureRequest({
        idempotency_key: ctx.idempotency_key,
        document_key: request.document_key,
        title: request.title,
        form_fields: request.form_fields,
        org_id: ctx.org_id,
        contract_id: request.contract_id,
        signer: { name: recipient.name, email: recipient.email },
        provider_template_id: request.provider_template_id ?? null,
      });
    } catch (error) {
      if (error instanceof EsignRequestError) throw new ProviderCallError({ code: 'document_refused', retryable: error.retryable });
      throw error;
    }
  },
  onSucceeded: markRequestReady,
  onFailed: markPreparationFailed,
};

type DownloadCall = { contract_id: string; signature_request_id: string; original_sha256: string };

/**
 * The signed file of a completed request: fetched from Dropbox Sign with no transaction open,
 * stored, and applied as the 'signature_request.signed' event through the one way events come in
 * (stored once by its id), then the signature's emails go out once.
 */
export const downloadSignedFileOperation: ProviderOperation<DownloadCall, { signed_sha256: string }> = {
  provider: DROPBOX_SIGN_PROVIDER,
  operation: DOWNLOAD_SIGNED_FILE,
  async call(deps, request, ctx) {
    const event = await dropboxSign(deps).downloadSignedFile({ org_id: ctx.org_id, ...request });
    await acceptProviderEvents(deps, DROPBOX_SIGN_PROVIDER, [event]);
    await emailSignature(deps, request.contract_id, event.id);
    return { signed_sha256: String(event.data.signed_sha256) };
  },
};

type ConfirmDeclinedCall = { contract_id: string; signature_request_id: string };

/**
 * A declined callback proves nothing by itself (its event_hash covers only the time and type):
 * the decline is read back from Dropbox Sign's API, for the request the contract holds, and only
 * then applied as our 'signature_request.decline_confirmed' event, once per request.
 */
export const confirmDeclinedOperation: ProviderOperation<ConfirmDeclinedCall, null> = {
  provider: DROPBOX_SIGN_PROVIDER,
  operation: CONFIRM_DECLINED,
  async call(deps, request, ctx) {
    await dropboxSign(deps).confirmDeclined(request.signature_request_id, request.contract_id);
    await acceptProviderEvents(deps, DROPBOX_SIGN_PROVIDER, [
      {
        id: `${DROPBOX_SIGN_PROVIDER}:${request.signature_request_id}:declined`,
        type: DECLINE_CONFIRMED_EVENT,
        org_id: ctx.org_id,
        object_id: request.signature_request_id,
        data: { contract_id: request.contract_id },
      },
    ]);
    return null;
  },
};

/** Cancels an invalidated contract's request at Dropbox Sign, so its signer can no longer sign there. */
export const cancelSignatureRequestOperation: ProviderOperation<{ signature_request_id: string }, null> = {
  provider: DROPBOX_SIGN_PROVIDER,
  operation: CANCEL_SIGNATURE_REQUEST,
  async call(deps, request) {
    await dropboxSign(deps).cancelSignatureRequest(request.signature_request_id);
    return null;
  },
};

/** A reminder of an unsigned contract: Dropbox Sign emails its signer again. */
export const remindSignerOperation: ProviderOperation<{ signature_request_id: string; contract_id: string }, null> = {
  provider: DROPBOX_SIGN_PROVIDER,
  operation: REMIND_SIGNER,
  async call(deps, request, ctx) {
    const recipient = recipientOf(await findContractRow(deps.db, orgScope(ctx.org_id), request.contract_id));
    await dropboxSign(deps).remindSigner(request.signature_request_id, recipient.email ?? '');
    return null;
  },
};

/** The contract a Dropbox Sign event is about; null while the request's id is not recorded yet. */
async function contractOfRequest(tx: Tx, orgId: string, requestId: string) {
  const [contract] = await tx
    .select()
    .from(contracts)
    .where(
      and(eq(contracts.org_id, orgId), eq(contracts.esign_provider, DROPBOX_SIGN_PROVIDER), eq(contracts.signature_request_id, requestId)),
    );
  return contract ?? null;
}

/**
 * 'signature_request.all_signed' records the download of the signed file (once per contract, by
 * its key); the call runs after the commit and checks with Dropbox Sign's API that the request is
 * complete. 'signature_request.declined' records the check of the decline with the API (once per
 * event); 'signature_request.decline_confirmed', its outcome, ends an unsigned contract as
 * canceled (Invalid): its signer will not sign it. Every event is bound to the request it names:
 * the contract is the one holding that request id, and the metadata must name that same contract.
 */
export const dropboxSignEventHandler: ProviderEventHandler = {
  handles: (type) => type === ALL_SIGNED_EVENT || type === DECLINED_EVENT || type === DECLINE_CONFIRMED_EVENT,
  async apply({ tx }, event) {
    const contract = await contractOfRequest(tx, event.org_id, event.object_id);
    if (!contract) return 'retry_later';
    // A body naming one contract's request and another's metadata is none of either's.
    if (event.data.contract_id !== contract.id) return;
    if (contract.status !== 'requires_info' || contract.signature_date) return;
    if (event.type === DECLINE_CONFIRMED_EVENT) {
      await tx
        .update(contracts)
        .set({ status: 'canceled' })
        .where(and(eq(contracts.id, contract.id), eq(contracts.status, 'requires_info'), isNull(contracts.signature_date)));
      return;
    }
    if (event.type === DECLINED_EVENT) {
      await recordProviderCall(tx, {
        org_id: contract.org_id,
        provider: DROPBOX_SIGN_PROVIDER,
        operation: CONFIRM_DECLINED,
        idempotency_key: `contract:${contract.id}:declined:${createHash('sha256').update(event.id).digest('hex').slice(0, 32)}`,
        subject_id: contract.id,
        request: { contract_id: contract.id, signature_request_id: event.object_id },
      });
      return;
    }
    await recordProviderCall(tx, {
      org_id: contract.org_id,
      provider: DROPBOX_SIGN_PROVIDER,
      operation: DOWNLOAD_SIGNED_FILE,
      idempotency_key: `contract:${contract.id}:signed_file`,
      subject_id: contract.id,
      request: { contract_id: contract.id, signature_request_id: event.object_id, original_sha256: contract.original_sha256 },
    });
  },
};

type SentContract = { id: string; org_id: string; esign_provider: string; signature_request_id: string | null };
const atDropboxSign = (contract: SentContract) => contract.esign_provider === DROPBOX_SIGN_PROVIDER && contract.signature_request_id;

/** In the invalidating transaction: the cancel of its request at Dropbox Sign (none for the built-in service, whose links just stop). */
export async function recordCancelAtProvider(tx: Tx, contract: SentContract): Promise<string[]> {
  if (!atDropboxSign(contract)) return [];
  return [
    await recordProviderCall(tx, {
      org_id: contract.org_id,
      provider: DROPBOX_SIGN_PROVIDER,
      operation: CANCEL_SIGNATURE_REQUEST,
      idempotency_key: `contract:${contract.id}:cancel`,
      subject_id: contract.id,
      request: { signature_request_id: contract.signature_request_id },
    }),
  ];
}

/** A reminder through Dropbox Sign (it emails its signer); null for the built-in service, which emails our link. */
export async function recordReminderAtProvider(tx: Tx, contract: SentContract): Promise<string | null> {
  if (!atDropboxSign(contract)) return null;
  return recordProviderCall(tx, {
    org_id: contract.org_id,
    provider: DROPBOX_SIGN_PROVIDER,
    operation: REMIND_SIGNER,
    // Each reminder is its own call: its key names the contract and this reminder.
    idempotency_key: `contract:${contract.id}:reminder:${newId()}`,
    subject_id: contract.id,
    request: { signature_request_id: contract.signature_request_id, contract_id: contract.id },
  });
}
