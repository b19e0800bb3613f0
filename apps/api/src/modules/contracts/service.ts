import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  canRemindContract,
  contractMessages,
  MAX_CONTRACT_PDF_BYTES,
  pdfLimitMessages,
  type ContractRecord,
  type SignatureField,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { contracts, contractTemplates, creators, customers, orgs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { configuredEsignProvider, DROPBOX_SIGN_PROVIDER, readPdf, type PdfRefusal, type PdfThreads } from '../../providers/esign/index.ts';
import type { FileStorage } from '../../providers/storage/index.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { findFeeRule } from '../fees/index.ts';
import { ensureLedgerAccounts, postTransfer } from '../ledger/index.ts';
import { findContractRow, orgScope, toContractRecord } from './queries.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { queueSigningEmail, queueSigningSms, recordSignatureRequest } from './signing.ts';
import { recordCancelAtProvider, recordReminderAtProvider } from './dropbox-sign-operations.ts';

type ContractCtx = { deps: AppDeps; storage: FileStorage };
export type Upload = { file_name: string; bytes: Buffer };

function refusalMessage(reason: PdfRefusal): string {
  if (reason === 'type') return contractMessages.badPdf;
  return reason === 'unreadable' ? contractMessages.unreadablePdf : pdfLimitMessages[reason];
}

/**
 * A PDF by content (header and parse), at most 25,000,000 bytes and within PDF_LIMITS; answers
 * its pages' sizes. The one parse of an upload, in the PDF worker: later steps keep what it found.
 */
export async function checkContractPdf(pdfThreads: PdfThreads, upload: Upload): Promise<{ width: number; height: number }[]> {
  if (upload.bytes.length === 0 || upload.bytes.length > MAX_CONTRACT_PDF_BYTES)
    throw new AppError('validation_error', contractMessages.badPdf, { field: 'file' });
  const pdf = await readPdf(pdfThreads, upload.bytes);
  if (!pdf.ok) throw new AppError('validation_error', refusalMessage(pdf.reason), { field: 'file' });
  return pdf.pages;
}

export function checkBlocksFit(fields: SignatureField[], pageCount: number): void {
  const outside = fields.find((field) => field.page > pageCount);
  if (outside) throw new AppError('validation_error', contractMessages.blockOutside, { field: 'formFields' });
}

/** A safe stored name: no path, no control characters, ends in .pdf. */
export function pdfFileName(name: string): string {
  const base =
    (name.split(/[\\/]/).pop() ?? '')
      .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
      .slice(0, 150)
      .trim() || 'contract';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

export async function storePdf(storage: FileStorage, key: string, bytes: Buffer) {
  await storage.put(key, bytes);
  return createHash('sha256').update(bytes).digest('hex');
}

async function assertRecipient(tx: DbOrTx, orgId: string, type: 'creator' | 'customer', id: string): Promise<void> {
  const table = type === 'creator' ? creators : customers;
  const [row] = await tx
    .select({ id: table.id, email: table.email })
    .from(table)
    .where(and(eq(table.org_id, orgId), eq(table.id, id)));
  if (!row) throw new AppError('not_found', contractMessages.recipientNotFound, { field: 'recipient' });
  if (!row.email)
    throw new AppError('validation_error', 'The recipient has no email address to send the contract to', { field: 'recipient' });
}

/** The contract fee (fee schedule type contract), from the wallet to the fee account, once per contract. */
async function chargeContractFee(tx: Tx, orgId: string, contractId: string): Promise<void> {
  const rule = await findFeeRule(tx, orgId, 'contract');
  const amount = rule.cap === null ? rule.flat_rate : Math.min(rule.flat_rate, rule.cap);
  if (amount <= 0) return;
  const accounts = await ensureLedgerAccounts(tx, orgId);
  await postTransfer(tx, {
    org_id: orgId,
    key: `contract_fee:${contractId}`,
    type: 'contract_fee',
    memo: 'Contract fee',
    metadata: { contract_id: contractId },
    entries: [
      { account_id: accounts.wallet_available.id, amount: -amount },
      { account_id: accounts.fees.id, amount },
    ],
  });
}

type CreateContractInput = {
  org_id: string;
  user_id: string;
  title: string;
  type: 'signature_request' | 'plain_file';
  recipient: string;
  recipient_type: 'creator' | 'customer';
  payment_group_id?: string;
  expiration_date: string;
  template_id?: string;
  formFields: SignatureField[];
  file?: Upload;
};

/** Where the document comes from: the upload, or the organisation's ready template. */
async function documentOf(ctx: ContractCtx, input: CreateContractInput) {
  if (input.file) {
    const pages = await checkContractPdf(ctx.deps.kernel.clients.pdfThreads, input.file);
    const key = `contracts/${input.org_id}/${newId()}`;
    const sha = await storePdf(ctx.storage, key, input.file.bytes);
    const file_name = pdfFileName(input.file.file_name);
    return { key, sha, file_name, pages: pages.length, fields: input.formFields, template_id: null, provider_template_id: null };
  }
  if (input.type === 'plain_file' || !input.template_id) throw new AppError('validation_error', contractMessages.badPdf, { field: 'file' });
  const [template] = await ctx.deps.db
    .select()
    .from(contractTemplates)
    .where(
      and(eq(contractTemplates.org_id, input.org_id), eq(contractTemplates.id, input.template_id), eq(contractTemplates.state, 'ready')),
    );
  if (!template) throw new AppError('not_found', contractMessages.templateNotFound, { field: 'template_id' });
  return {
    key: template.storage_key,
    sha: template.sha256,
    file_name: template.file_name,
    pages: template.page_count ?? Infinity,
    fields: input.formFields.length > 0 ? input.formFields : template.form_fields,
    template_id: template.id,
    // A template made in Dropbox Sign's editor keeps its fields there: the request is sent from it.
    provider_template_id:
      template.esign_provider === DROPBOX_SIGN_PROVIDER && input.formFields.length === 0 ? template.hellosign_template_id : null,
  };
}

/**
 * Creates a contract. A plain file is stored as signed. A signature request is recorded as
 * pending with the contract fee taken from the wallet in the same transaction; preparing the
 * document and emailing the link is the provider call that runs after the commit.
 */
export async function createContract(ctx: ContractCtx, input: CreateContractInput): Promise<ContractRecord> {
  const db = ctx.deps.db;
  const [org] = await db.select({ billing_status: orgs.billing_status }).from(orgs).where(eq(orgs.id, input.org_id));
  if (org?.billing_status === 'delinquent') throw new AppError('forbidden', contractMessages.delinquent);
  if (input.payment_group_id)
    await assertCampaignOfOrg(db, { org_id: input.org_id, id: input.payment_group_id, field: 'payment_group_id' });
  await assertRecipient(db, input.org_id, input.recipient_type, input.recipient);
  const isRequest = input.type === 'signature_request';
  const document = await documentOf(ctx, input);
  if (isRequest && document.fields.length === 0 && !document.provider_template_id)
    throw new AppError('validation_error', contractMessages.missingBlocks, { field: 'formFields' });
  checkBlocksFit(document.fields, document.pages);
  const id = newId();
  // A contract stays with the service it is sent with; one from a Dropbox Sign template goes to Dropbox Sign.
  const esignProvider = document.provider_template_id ? DROPBOX_SIGN_PROVIDER : configuredEsignProvider(ctx.deps.config);
  let callId: string | undefined;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(contracts).values({
        id,
        org_id: input.org_id,
        title: input.title,
        type: input.type,
        status: isRequest ? 'requires_info' : 'succeeded',
        recipient_type: input.recipient_type,
        creator_id: input.recipient_type === 'creator' ? input.recipient : null,
        customer_id: input.recipient_type === 'customer' ? input.recipient : null,
        payment_group_id: input.payment_group_id ?? null,
        template_id: document.template_id,
        expiration_date: input.expiration_date,
        // An uploaded signed file was signed before it reached us: its upload is the date we know.
        signature_date: isRequest ? null : new Date(),
        form_fields: isRequest ? document.fields : [],
        preview_state: isRequest ? 'pending' : 'ready',
        esign_provider: esignProvider,
        file_name: document.file_name,
        original_key: document.key,
        original_sha256: document.sha,
        signed_key: isRequest ? null : document.key,
        signed_sha256: isRequest ? null : document.sha,
        created_by: input.user_id,
      });
      if (isRequest) {
        await chargeContractFee(tx, input.org_id, id);
        callId = await recordSignatureRequest(tx, {
          id,
          org_id: input.org_id,
          original_key: document.key,
          title: input.title,
          form_fields: document.fields,
          esign_provider: esignProvider,
          provider_template_id: document.provider_template_id,
        });
      }
    });
  } catch (error) {
    if (input.file) await ctx.storage.remove(document.key);
    throw error;
  }
  if (callId) await runProviderCallsSoon(ctx.deps, [callId]);
  return toContractRecord(await findContractRow(db, orgScope(input.org_id), id));
}

/**
 * Invalidates a sent contract (not signed, not canceled); anything else fails with the spec's
 * message. A request at Dropbox Sign is canceled there by a provider call after the commit.
 */
export async function invalidateContract(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  options: { org_id: string; id: string },
): Promise<ContractRecord> {
  await findContractRow(deps.db, orgScope(options.org_id), options.id);
  const callIds = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contracts)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(contracts.org_id, options.org_id),
          eq(contracts.id, options.id),
          eq(contracts.type, 'signature_request'),
          eq(contracts.status, 'requires_info'),
          isNull(contracts.signature_date),
        ),
      )
      .returning();
    if (!updated) throw new AppError('conflict', contractMessages.invalidateFailed);
    return recordCancelAtProvider(tx, updated);
  });
  await runProviderCallsSoon(deps, callIds);
  return toContractRecord(await findContractRow(deps.db, orgScope(options.org_id), options.id));
}

/**
 * Sends each chosen Sent contract's recipient a fresh signing link: by email, or by SMS to the
 * recipients with a phone number (refused when none has one). The route sends the queued
 * emails and texts after the commit.
 */
export async function sendContractReminders(deps: AppDeps, options: { org_id: string; reminder_type: 'sms' | 'email'; ids: string[] }) {
  const rows = await deps.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.org_id, options.org_id), inArray(contracts.id, options.ids)));
  if (rows.length !== new Set(options.ids).size) throw new AppError('not_found', contractMessages.notFound);
  const unsent = rows.find((row) => !canRemindContract({ ...row, signature_date: row.signature_date?.toISOString() ?? null }));
  if (unsent) throw new AppError('conflict', contractMessages.notSent);
  const pending = rows.filter((row) => row.preview_state !== 'ready');
  if (pending.length > 0) throw new AppError('conflict', contractMessages.stillProcessing);
  const callIds: string[] = [];
  const sent = await deps.db.transaction(async (tx) => {
    const emailIds: string[] = [];
    const smsIds: string[] = [];
    for (const row of rows) {
      // A contract at Dropbox Sign is reminded by Dropbox Sign; our signing link would not sign it.
      const callId = await recordReminderAtProvider(tx, row);
      if (callId) callIds.push(callId);
      else if (options.reminder_type === 'email') emailIds.push(await queueSigningEmail(deps, tx, row, { reminder: true }));
      else {
        const smsId = await queueSigningSms(deps, tx, row);
        if (smsId) smsIds.push(smsId);
      }
    }
    if (options.reminder_type === 'sms' && smsIds.length === 0 && callIds.length === 0)
      throw new AppError('bad_request', contractMessages.noPhone);
    return { emailIds, smsIds, count: emailIds.length + smsIds.length + callIds.length };
  });
  await runProviderCallsSoon(deps, callIds);
  return sent;
}
