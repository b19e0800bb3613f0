import { taxCorrectionMessages, type TaxCorrectionList } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { toTaxForm } from './documents.ts';
import { filedRecipients, figuresOf, pendingCorrections, recordFilings, type FiledRecipient } from './filed.ts';
import { filingContext, fireFileFor, toFirePayee } from './filing.ts';
import { renderTaxForms } from './pdf/render.ts';
import { loadTaxPayer } from './recipients.ts';

type CorrectionDeps = { db: Db; secrets: SecretBox };

/** GET /v1/taxes/{year}/corrections: each filed 1099-NEC that differs now, as filed and as it is. */
export async function listCorrections(db: Db, orgId: string, year: number): Promise<TaxCorrectionList> {
  const pending = pendingCorrections(await filedRecipients(db, orgId, year));
  return {
    year,
    data: pending.map(({ recipient, filed, current }) => ({ id: recipient.id, name: recipient.name, filed: figuresOf(filed), current })),
  };
}

/** A B record needs the TIN and address the original had; a recipient missing them now waits in the list. */
const fileable = (entries: FiledRecipient[]) => entries.filter((entry) => entry.recipient.tin_sealed && entry.recipient.postal);

/**
 * GET /v1/taxes/{year}/corrections/file: the one-step correction ('G' records) of every pending
 * correction, each recorded as filed so the list empties once the file is made.
 */
export async function correctionFilingFile(deps: CorrectionDeps, caller: User, year: number): Promise<string> {
  const context = await filingContext(deps.db, caller, year);
  const pending = fileable(pendingCorrections(await filedRecipients(deps.db, caller.org_id, year)));
  if (pending.length === 0) throw new AppError('conflict', taxCorrectionMessages.none);
  const file = fireFileFor(
    deps.secrets,
    context,
    pending.map((entry) => toFirePayee(deps.secrets, entry.recipient, entry.current)),
    true,
  );
  await recordFilings(deps.db, {
    org_id: caller.org_id,
    year,
    kind: 'correction',
    filed: pending.map((entry) => ({ recipient: entry.recipient.id, figures: entry.current })),
  });
  return file;
}

/**
 * GET /v1/taxes/{year}/corrections/pdf: the CORRECTED 1099-NEC of every recipient with a
 * correction pending or filed, with the figures now, for the recipients' copies.
 */
export async function correctedForms(deps: CorrectionDeps, orgId: string, year: number): Promise<Uint8Array> {
  const filed = fileable(await filedRecipients(deps.db, orgId, year));
  const pending = new Set(pendingCorrections(filed).map((entry) => entry.recipient.id));
  const corrected = filed.filter((entry) => pending.has(entry.recipient.id) || entry.filed.kind === 'correction');
  if (corrected.length === 0) throw new AppError('conflict', taxCorrectionMessages.none);
  const payer = await loadTaxPayer(deps.db, orgId);
  const forms = corrected.map(({ recipient, current }) => ({
    ...toTaxForm(
      deps.secrets,
      payer,
      {
        recipient,
        outcome: { id: recipient.id, name: recipient.name, form: '1099-NEC', compensation: current.compensation, reasons: [] },
        federal_withheld: current.federal_withheld,
        state_withheld: current.state_withheld,
      },
      year,
    ),
    corrected: true,
  }));
  return renderTaxForms(forms, `${year} CORRECTED Form 1099-NEC - ${payer.name}`);
}
