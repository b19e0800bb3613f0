import { and, eq } from 'drizzle-orm';
import { contractMessages, type SigningView } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { contracts, type Contract } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ESIGN_PROVIDER, esignProvider, EsignRequestError, isSignaturePng } from '../../providers/esign/index.ts';
import { receiveProviderWebhook } from '../provider-calls/index.ts';
import { findUsableLink, INVALID_LINK_MESSAGE } from '../links/index.ts';
import { emailSignature } from './events.ts';
import { SIGN_AT_PROVIDER } from './portal.ts';
import { findContractRow, orgScope, recipientOf } from './queries.ts';

/** The contract a signing link points at; another kind of link, or a gone one, is no longer valid. */
async function contractOfLink(deps: AppDeps, linkId: string): Promise<Contract> {
  const link = await findUsableLink(deps.db, linkId);
  const contractId = link.payload.contract_id;
  if (link.type !== 'contract_signing' || typeof contractId !== 'string' || !link.org_id) throw new AppError('gone', INVALID_LINK_MESSAGE);
  const [contract] = await deps.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.org_id, link.org_id), eq(contracts.id, contractId)));
  if (!contract) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return contract;
}

function stateOf(contract: Contract): SigningView['state'] {
  if (contract.status === 'canceled') return 'canceled';
  if (contract.signature_date) return 'signed';
  return contract.preview_state === 'ready' ? 'ready' : 'pending';
}

export async function describeSigningLink(deps: AppDeps, linkId: string): Promise<SigningView> {
  const contract = await contractOfLink(deps, linkId);
  const row = await findContractRow(deps.db, orgScope(contract.org_id), contract.id);
  const recipient = recipientOf(row);
  return {
    title: contract.title,
    org_name: row.org_name,
    signer_name: recipient.name,
    signer_email: recipient.email ?? '',
    expiration_date: contract.expiration_date,
    state: stateOf(contract),
    formFields: contract.form_fields,
  };
}

/** The document behind a link: the signed copy once signed, otherwise the original. */
export async function signingLinkDocument(deps: AppDeps, linkId: string): Promise<{ key: string; file_name: string }> {
  const contract = await contractOfLink(deps, linkId);
  if (contract.status === 'canceled') throw new AppError('gone', contractMessages.invalidated);
  if (contract.signed_key) return { key: contract.signed_key, file_name: contract.file_name.replace(/\.pdf$/i, ' (signed).pdf') };
  return { key: contract.original_key, file_name: contract.file_name };
}

/** A drawn signature's PNG, read in the PDF worker as the stamp will embed it (a PNG can expand like a PDF). */
async function drawnSignature(deps: AppDeps, dataUrl: string | undefined): Promise<Buffer> {
  const png = Buffer.from((dataUrl ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
  if (!(await isSignaturePng(deps.kernel.clients.pdfThreads, png)))
    throw new AppError('validation_error', contractMessages.signatureRequired, { field: 'signature_image' });
  return png;
}

/** The provider's signing, its refusal of the document (a limit of docs/security.md) answered as such. */
async function signWithProvider(deps: AppDeps, input: Parameters<ReturnType<typeof esignProvider>['signRequest']>[0]) {
  try {
    return await esignProvider(deps).signRequest(input);
  } catch (error) {
    if (error instanceof EsignRequestError) throw new AppError('conflict', error.message);
    throw error;
  }
}

/**
 * Signs through the link: checks the contract can still be signed, has the provider stamp the
 * document (no transaction open), then applies the provider's signed event. Signing twice signs once.
 */
export async function signThroughLink(
  deps: AppDeps,
  options: {
    linkId: string;
    signer_name: string;
    signature_type: 'typed' | 'drawn';
    signature_image?: string;
    ip: string;
    user_agent: string;
  },
): Promise<SigningView> {
  const contract = await contractOfLink(deps, options.linkId);
  const state = stateOf(contract);
  if (state === 'canceled') throw new AppError('gone', contractMessages.invalidated);
  if (state === 'signed') throw new AppError('conflict', contractMessages.alreadySigned);
  if (state === 'pending' || !contract.signature_request_id) throw new AppError('conflict', contractMessages.stillProcessing);
  if (contract.esign_provider !== ESIGN_PROVIDER) throw new AppError('conflict', SIGN_AT_PROVIDER);
  const row = await findContractRow(deps.db, orgScope(contract.org_id), contract.id);
  const signature =
    options.signature_type === 'drawn'
      ? { type: 'drawn' as const, png: await drawnSignature(deps, options.signature_image) }
      : { type: 'typed' as const, text: options.signer_name };
  const signed = await signWithProvider(deps, {
    org_id: contract.org_id,
    signature_request_id: contract.signature_request_id,
    document_key: contract.original_key,
    title: contract.title,
    form_fields: contract.form_fields,
    signature: {
      signer_name: options.signer_name,
      signer_email: recipientOf(row).email ?? '',
      signature,
      signed_at: new Date(),
      ip: options.ip,
      user_agent: options.user_agent.slice(0, 500),
    },
  });
  // The provider's answer comes back as its signed webhook, through the route's own receiver.
  await receiveProviderWebhook(deps, ESIGN_PROVIDER, signed.webhook.body, signed.webhook.headers);
  await emailSignature(deps, contract.id, signed.event.id);
  return describeSigningLink(deps, options.linkId);
}
