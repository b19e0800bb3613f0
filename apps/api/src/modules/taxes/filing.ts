import { MAX_TAX_RECIPIENTS, taxMessages, type TaxFiledFigures } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { planTaxForms, type PlannedForm } from './documents.ts';
import { figuresOf, latestFilings, recordFilings } from './filed.ts';
import { requireTcc } from './filing-settings.ts';
import { writeFireFile, type FirePayee } from './fire/file.ts';
import { listPaidUsers, postedPaymentsOf } from './queries.ts';
import { loadTaxPayer, loadTaxRecipients, type TaxPayer, type TaxRecipient } from './recipients.ts';
import { currentTaxYear } from './tax-year.ts';

type FilingDeps = { db: Db; secrets: SecretBox };

/** The year's 1099-NEC forms as they would be generated now (W-2 wages are not filed this way). */
async function planYearForms(db: Db, orgId: string, year: number): Promise<PlannedForm[]> {
  const paid = await listPaidUsers(db, { org_id: orgId, year, page: 0, page_size: MAX_TAX_RECIPIENTS });
  const ids = paid.data.map((user) => user.id);
  if (ids.length === 0) return [];
  const recipients = await loadTaxRecipients(db, orgId, ids);
  const plan = planTaxForms(recipients, await postedPaymentsOf(db, orgId, ids), year);
  return plan.generated.filter((planned) => planned.outcome.form === '1099-NEC');
}

/** A recipient's B record with these figures; the TIN is opened here only, for the IRS. */
export function toFirePayee(secrets: SecretBox, recipient: TaxRecipient, figures: TaxFiledFigures): FirePayee {
  return {
    account: recipient.id.replace(/-/g, '').slice(0, 20),
    tin: secrets.decrypt(recipient.tin_sealed!),
    tin_kind: recipient.tin_kind,
    name: recipient.name,
    postal: recipient.postal!,
    ...figuresOf(figures),
    state: recipient.state,
  };
}

const plannedFigures = (planned: PlannedForm): TaxFiledFigures => ({
  compensation: planned.outcome.compensation,
  federal_withheld: planned.federal_withheld,
  state_withheld: planned.state_withheld,
});

type FilingContext = { org_id: string; year: number; current_year: number; caller: User; payer: TaxPayer; tcc: string };

export async function filingContext(db: Db, caller: User, year: number): Promise<FilingContext> {
  const { tcc } = await requireTcc(db, caller.org_id);
  const current_year = await currentTaxYear(db);
  return { org_id: caller.org_id, year, current_year, caller, payer: await loadTaxPayer(db, caller.org_id), tcc };
}

/** The FIRE file of these payees, the caller as the IRS's contact for it. */
export function fireFileFor(secrets: SecretBox, context: FilingContext, payees: FirePayee[], corrected: boolean): string {
  const { caller, payer } = context;
  return writeFireFile({
    year: context.year,
    tcc: context.tcc,
    // The IRS's current season is for the calendar year just ended; anything older is prior-year data.
    prior_year: context.year < context.current_year - 1,
    corrected,
    payer: { name: payer.name, ein: secrets.decrypt(payer.ein_sealed), postal: payer.postal, phone: payer.phone },
    contact: {
      name: [caller.first_name, caller.last_name].filter(Boolean).join(' ') || caller.email,
      email: caller.email,
      phone: payer.phone,
    },
    payees,
  });
}

/**
 * GET /v1/taxes/{year}/filing: every 1099-NEC of the year in one FIRE file. A recipient filed
 * before keeps the figures the IRS has from the original (the file is the same on a second
 * download; changes since are corrections); one new to the year is recorded as filed now.
 */
export async function originalFilingFile(deps: FilingDeps, caller: User, year: number): Promise<string> {
  const context = await filingContext(deps.db, caller, year);
  const forms = await planYearForms(deps.db, caller.org_id, year);
  if (forms.length === 0) throw new AppError('conflict', taxMessages.nothingToGenerate);
  const originals = await latestFilings(deps.db, caller.org_id, year, 'original');
  const fresh = forms.filter((planned) => !originals.has(planned.recipient.id));
  const payees = forms.map((planned) => {
    const original = originals.get(planned.recipient.id);
    return toFirePayee(deps.secrets, planned.recipient, original ?? plannedFigures(planned));
  });
  const file = fireFileFor(deps.secrets, context, payees, false);
  await recordFilings(deps.db, {
    org_id: caller.org_id,
    year,
    kind: 'original',
    filed: fresh.map((planned) => ({ recipient: planned.recipient.id, figures: plannedFigures(planned) })),
  });
  return file;
}
