import type { Postal } from '../recipients.ts';
import { AMOUNT_CODES, COMBINED_FEDERAL_STATE_CODES, type AmountCode } from './layout.ts';
import { digitsOnly, writeRecord, type FieldValues } from './record.ts';

/** One payee's B record: 1099-NEC box 1 (code 1), box 4 (code 4) and box 5, in cents. */
export type FirePayee = {
  account: string;
  tin: string;
  tin_kind: 'ssn' | 'ein';
  name: string;
  postal: Postal;
  compensation: number;
  federal_withheld: number;
  state_withheld: number;
  state: string;
};

type FireFiling = {
  year: number;
  tcc: string;
  /** Filed after the year's usual season: the T record's 'P' (prior year data). */
  prior_year: boolean;
  /** 'G': a one-step correction of returns filed before, each B record replacing the one filed. */
  corrected: boolean;
  payer: { name: string; ein: string; postal: Postal; phone: string };
  contact: { name: string; email: string; phone: string };
  payees: readonly FirePayee[];
};

const amountsOf = (payee: FirePayee): Partial<Record<AmountCode, number>> => ({
  '1': Math.max(0, payee.compensation),
  '4': Math.max(0, payee.federal_withheld),
});

/** The Combined Federal/State code, when a state the program covers was withheld for. */
const stateCodeOf = (payee: FirePayee) => (payee.state_withheld > 0 ? COMBINED_FEDERAL_STATE_CODES[payee.state] : undefined);

function totals(payees: readonly FirePayee[]): FieldValues {
  const values: FieldValues = { number_of_payees: payees.length };
  for (const code of AMOUNT_CODES) values[`control_total_${code}`] = payees.reduce((sum, payee) => sum + (amountsOf(payee)[code] ?? 0), 0);
  return values;
}

const postalFields = (prefix: string, postal: Postal, cityState = prefix) => ({
  [`${prefix}_city`]: postal.city,
  [`${cityState}_state`]: postal.state,
  [`${cityState}_zip_code`]: digitsOnly(postal.zip),
});

function payeeRecord(filing: FireFiling, payee: FirePayee, sequence: number): string {
  const amounts = amountsOf(payee);
  return writeRecord('B', {
    payment_year: filing.year,
    corrected_return_indicator: filing.corrected ? 'G' : '',
    type_of_tin: payee.tin_kind === 'ein' ? 1 : 2,
    payee_tin: digitsOnly(payee.tin),
    issuer_account_number_for_payee: payee.account,
    ...Object.fromEntries(AMOUNT_CODES.map((code) => [`payment_amount_${code}`, amounts[code] ?? 0])),
    first_payee_name_line: payee.name,
    payee_mailing_address: payee.postal.street,
    ...postalFields('payee', payee.postal),
    record_sequence_number: sequence,
    state_income_tax_withheld: Math.max(0, payee.state_withheld),
    local_income_tax_withheld: 0,
    combined_federal_state_code: stateCodeOf(payee) ?? '',
  });
}

/** K records, one per state in the Combined Federal/State program, in code order. */
function stateTotals(payees: readonly FirePayee[], firstSequence: number): string[] {
  const byCode = new Map<string, FirePayee[]>();
  for (const payee of payees) {
    const code = stateCodeOf(payee);
    if (code) byCode.set(code, [...(byCode.get(code) ?? []), payee]);
  }
  return [...byCode.keys()].sort().map((code, index) => {
    const group = byCode.get(code)!;
    return writeRecord('K', {
      ...totals(group),
      record_sequence_number: firstSequence + index,
      state_income_tax_withheld_total: group.reduce((sum, payee) => sum + Math.max(0, payee.state_withheld), 0),
      local_income_tax_withheld_total: 0,
      combined_federal_state_code: code,
    });
  });
}

/**
 * A whole transmission for one payer: T, A, a B per payee, C, K per state, F. Records are
 * numbered in order from 1 (positions 500-507), as the publication requires.
 */
export function writeFireFile(filing: FireFiling): string {
  const { payer, payees } = filing;
  const withheld = payees.some((payee) => payee.federal_withheld > 0);
  const transmitter = writeRecord('T', {
    payment_year: filing.year,
    prior_year_data_indicator: filing.prior_year ? 'P' : '',
    transmitter_tin: digitsOnly(payer.ein),
    transmitter_control_code: filing.tcc,
    transmitter_name: payer.name,
    company_name: payer.name,
    company_mailing_address: payer.postal.street,
    ...postalFields('company', payer.postal),
    total_number_of_payees: payees.length,
    contact_name: filing.contact.name,
    contact_telephone_number_and_extension: digitsOnly(filing.contact.phone).slice(-10),
    contact_email_address: filing.contact.email,
    record_sequence_number: 1,
    // The organisation files with the software it runs itself (Crewpay), not a vendor's package.
    vendor_indicator: 'I',
  });
  const payerRecord = writeRecord('A', {
    payment_year: filing.year,
    combined_federal_state_filing_program: payees.some(stateCodeOf) ? '1' : '',
    payer_tin: digitsOnly(payer.ein),
    type_of_return: 'NE',
    amount_codes: withheld ? '14' : '1',
    first_payer_name_line: payer.name,
    transfer_agent_indicator: 0,
    payer_shipping_address: payer.postal.street,
    ...postalFields('payer', payer.postal),
    payer_telephone_number_and_extension: digitsOnly(payer.phone).slice(-10),
    record_sequence_number: 2,
  });
  const payeeRecords = payees.map((payee, index) => payeeRecord(filing, payee, 3 + index));
  const endOfPayer = writeRecord('C', { ...totals(payees), record_sequence_number: 3 + payees.length });
  const states = stateTotals(payees, 4 + payees.length);
  const end = writeRecord('F', {
    number_of_a_records: 1,
    zero: 0,
    total_number_of_payees: payees.length,
    record_sequence_number: 4 + payees.length + states.length,
  });
  return [transmitter, payerRecord, ...payeeRecords, endOfPayer, ...states, end].join('');
}
