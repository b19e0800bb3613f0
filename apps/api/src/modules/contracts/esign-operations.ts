import { and, eq } from 'drizzle-orm';
import type { ProviderEventHandler } from '../../events/dispatcher.ts';
import type { Tx } from '../../db/client.ts';
import { contracts, type ProviderCall } from '../../db/schema/index.ts';
import { ESIGN_PROVIDER, esignProvider, EsignRequestError } from '../../providers/esign/index.ts';
import { ProviderCallError, WebhookSignatureError, type WebhookVerifier } from '../../providers/contract.ts';
import type { ProviderOperation } from '../provider-calls/index.ts';
import { applySignedEvent, SIGNED_EVENT } from './events.ts';
import { CREATE_SIGNATURE_REQUEST, emailSigningLinkOnce, type SignatureRequestCall } from './signing.ts';

export type SignatureRequestAnswer = { signature_request_id: string; page_count: number };
type Answer = SignatureRequestAnswer;

/** The answer moves the contract from pending to ready, once, keeping the service's request id. */
export async function markRequestReady(tx: Tx, call: ProviderCall, answer: Answer): Promise<void> {
  await tx
    .update(contracts)
    .set({ preview_state: 'ready', signature_request_id: answer.signature_request_id })
    .where(and(eq(contracts.org_id, call.org_id), eq(contracts.id, call.subject_id ?? ''), eq(contracts.preview_state, 'pending')));
}

/** A document the service refused ends the contract's preparation as failed. */
export async function markPreparationFailed(tx: Tx, call: ProviderCall): Promise<void> {
  await tx
    .update(contracts)
    .set({ preview_state: 'failed' })
    .where(and(eq(contracts.org_id, call.org_id), eq(contracts.id, call.subject_id ?? ''), eq(contracts.preview_state, 'pending')));
}

/**
 * The signature request: with no transaction open the provider prepares the document and emails
 * the signer; the answer then moves the contract from pending to ready, once. A document the
 * provider refuses ends the contract's preparation as failed.
 */
export const signatureRequestOperation: ProviderOperation<SignatureRequestCall, Answer> = {
  provider: ESIGN_PROVIDER,
  operation: CREATE_SIGNATURE_REQUEST,
  async call(deps, request, ctx) {
    let answer: Answer;
    try {
      answer = await esignProvider(deps).createSignatureRequest({
        idempotency_key: ctx.idempotency_key,
        document_key: request.document_key,
        title: request.title,
        form_fields: request.form_fields,
      });
    } catch (error) {
      if (error instanceof EsignRequestError) throw new ProviderCallError({ code: 'document_refused', retryable: error.retryable });
      throw error;
    }
    await emailSigningLinkOnce(deps, request.contract_id);
    return answer;
  },
  onSucceeded: markRequestReady,
  onFailed: markPreparationFailed,
};

/** The built-in provider's webhooks, verified with its own secret. */
export const esignWebhookVerifier: WebhookVerifier = {
  provider: ESIGN_PROVIDER,
  verify(rawBody, headers, deps) {
    try {
      return esignProvider(deps).verifyWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof Error && error.name === 'EsignSignatureError') throw new WebhookSignatureError();
      throw error;
    }
  },
};

export const signedEventHandler: ProviderEventHandler = {
  handles: (type) => type === SIGNED_EVENT,
  apply: (tx, event, _now, afterCommit) => applySignedEvent(tx, event, (task) => afterCommit(() => task())),
};
