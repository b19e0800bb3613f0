import { formatEin, maskTin, summarizeTaxYear, taxSkipReasons, type TaxablePayment, type TaxRecipientOutcome } from '@crewpay/core';
import type { SecretBox } from '../../lib/secrets.ts';
import type { TaxForm } from './pdf/types.ts';
import type { TaxPayer, TaxRecipient } from './recipients.ts';

export type PlannedForm = { recipient: TaxRecipient; outcome: TaxRecipientOutcome; federal_withheld: number; state_withheld: number };

/** Which recipients get a form this year and which are skipped, and why (threshold, missing TIN or address). */
export function planTaxForms(recipients: readonly TaxRecipient[], paymentsByRecipient: Map<string, TaxablePayment[]>, year: number) {
  const generated: PlannedForm[] = [];
  const skipped: TaxRecipientOutcome[] = [];
  for (const recipient of recipients) {
    const summary = summarizeTaxYear(paymentsByRecipient.get(recipient.id) ?? [], year);
    const reasons = taxSkipReasons({
      year,
      is_w2: recipient.is_w2,
      compensation: summary.compensation,
      has_tin: recipient.tin_sealed !== null,
      has_address: recipient.address_lines !== null,
      is_foreign: recipient.is_foreign,
    });
    const outcome = {
      id: recipient.id,
      name: recipient.name,
      form: recipient.is_w2 ? ('W-2' as const) : ('1099-NEC' as const),
      compensation: summary.compensation,
      reasons,
    };
    if (reasons.length > 0) skipped.push(outcome);
    else generated.push({ recipient, outcome, federal_withheld: summary.federal_withheld, state_withheld: summary.state_withheld });
  }
  return { generated, skipped };
}

/**
 * The printed form. This is the only place the payer's EIN and the recipient's TIN are opened:
 * the EIN prints in full (the payer's own), the recipient's TIN only as its last four digits.
 */
export function toTaxForm(secrets: SecretBox, payer: TaxPayer, planned: PlannedForm, year: number): TaxForm {
  const { recipient, outcome } = planned;
  return {
    kind: outcome.form,
    year,
    payer: {
      name: payer.name,
      address_lines: payer.address_lines,
      tin: formatEin(secrets.decrypt(payer.ein_sealed)),
      phone: payer.phone,
      state: payer.state,
      state_number: payer.state_number,
    },
    recipient: {
      name: recipient.name,
      address_lines: recipient.address_lines ?? [],
      tin: maskTin(secrets.decrypt(recipient.tin_sealed!), recipient.tin_kind),
      account: '',
    },
    compensation: outcome.compensation,
    federal_withheld: planned.federal_withheld,
    state_withheld: planned.state_withheld,
    recipient_state: recipient.state,
  };
}
