import { taxFormSchemaOf, type TaxFormBody, type TaxFormSummary } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { renderSignedForm } from './pdf.ts';
import { insertSupersedingForm, toTaxFormSummary, type PayeeRef } from './records.ts';

/** Where the signature came from: the evidence printed on and stored with the form. */
export type SignerRequest = { ip_address: string; user_agent: string };

const FORM_TYPE_MESSAGE = 'Choose the form to sign: W-9 (US person), W-8BEN or W-8BEN-E';

function parseTaxForm(body: unknown): TaxFormBody {
  const schema = taxFormSchemaOf(body);
  if (!schema) throw new AppError('validation_error', FORM_TYPE_MESSAGE, { field: 'form_type' });
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new AppError('validation_error', issue?.message ?? 'Invalid request', { field: issue?.path.join('.') ?? '' });
}

/** What stays readable in the row: the signed fields without the TIN and date of birth (those are only in the sealed PDF). */
function openFields(body: TaxFormBody): Record<string, unknown> {
  const { signer_name: _signer, certified: _certified, ...rest } = body;
  if (rest.form_type === 'w9') {
    const { tin: _tin, ...fields } = rest;
    return fields;
  }
  if (rest.form_type === 'w8ben') {
    const { date_of_birth: _dob, ...fields } = rest;
    return fields;
  }
  return rest;
}

/**
 * Signs a payee's form: validated, rendered to the signed PDF, sealed, and made the payee's
 * active form (the previous one is kept as superseded). Runs in the caller's transaction, which
 * has already proved who the payee is (their link, or their portal session).
 */
export async function signTaxForm(
  deps: AppDeps,
  tx: Tx,
  options: { payee: PayeeRef; body: unknown; signer: SignerRequest; source: 'payee_link' | 'portal' },
): Promise<TaxFormSummary> {
  const body = parseTaxForm(options.body);
  const evidence = {
    signer_name: body.signer_name,
    signed_at: await sandboxNow(tx),
    ip_address: options.signer.ip_address,
    user_agent: options.signer.user_agent.slice(0, 500),
  };
  const pdf = await renderSignedForm(body, evidence);
  const tin = body.form_type === 'w9' ? body.tin : null;
  const row = await insertSupersedingForm(tx, {
    id: newId(),
    payee_type: options.payee.type,
    payee_id: options.payee.id,
    form_type: body.form_type,
    name: body.name,
    fields: openFields(body),
    tin_sealed: tin ? deps.secrets.encrypt(tin) : null,
    tin_last4: tin ? tin.slice(-4) : null,
    ...evidence,
    source: options.source,
    pdf_sealed: deps.secrets.encrypt(Buffer.from(pdf).toString('base64')),
  });
  return toTaxFormSummary(row);
}

/** The signed PDF of a stored form (opened only for a caller already allowed to see the form). */
export const openTaxFormPdf = (deps: AppDeps, row: { pdf_sealed: string }) => Buffer.from(deps.secrets.decrypt(row.pdf_sealed), 'base64');
