/**
 * IRS Publication 1220 (FIRE), the 750-position records of a 1099-NEC filing, as data: the
 * writer places fields by these positions and the tests read the file back by the same table.
 * Positions are 1-based and inclusive of `start`, as the publication prints them; every position
 * not named here is blank. Positions 749-750 carry the CR/LF that ends each record.
 */
type FieldKind = 'alpha' | 'numeric';
type Field = { name: string; start: number; length: number; kind: FieldKind; required?: boolean };
export type RecordType = 'T' | 'A' | 'B' | 'C' | 'K' | 'F';

export const RECORD_LENGTH = 750;

const field = (name: string, start: number, length: number, kind: FieldKind = 'alpha', required = false): Field => ({
  name,
  start,
  length,
  kind,
  required,
});
const required = (name: string, start: number, length: number, kind: FieldKind = 'alpha') => field(name, start, length, kind, true);

/** Payment amount codes 1-9, A-H, J: each is 12 positions in a B record and 18 as a control total. */
export const AMOUNT_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J'] as const;
export type AmountCode = (typeof AMOUNT_CODES)[number];

const amounts = (prefix: string, start: number, length: number) =>
  AMOUNT_CODES.map((code, index) => required(`${prefix}_${code}`, start + index * length, length, 'numeric'));

const sequence = required('record_sequence_number', 500, 8, 'numeric');

export const LAYOUTS: Record<RecordType, readonly Field[]> = {
  T: [
    required('record_type', 1, 1),
    required('payment_year', 2, 4, 'numeric'),
    field('prior_year_data_indicator', 6, 1),
    required('transmitter_tin', 7, 9, 'numeric'),
    required('transmitter_control_code', 16, 5),
    field('test_file_indicator', 28, 1),
    field('foreign_entity_indicator', 29, 1),
    required('transmitter_name', 30, 40),
    field('transmitter_name_continuation', 70, 40),
    required('company_name', 110, 40),
    field('company_name_continuation', 150, 40),
    required('company_mailing_address', 190, 40),
    required('company_city', 230, 40),
    required('company_state', 270, 2),
    required('company_zip_code', 272, 9),
    required('total_number_of_payees', 296, 8, 'numeric'),
    required('contact_name', 304, 40),
    required('contact_telephone_number_and_extension', 344, 15),
    required('contact_email_address', 359, 50),
    sequence,
    required('vendor_indicator', 518, 1),
    field('vendor_name', 519, 40),
    field('vendor_mailing_address', 559, 40),
    field('vendor_city', 599, 40),
    field('vendor_state', 639, 2),
    field('vendor_zip_code', 641, 9),
    field('vendor_contact_name', 650, 40),
    field('vendor_contact_telephone_number_and_extension', 690, 15),
    field('vendor_foreign_entity_indicator', 740, 1),
  ],
  A: [
    required('record_type', 1, 1),
    required('payment_year', 2, 4, 'numeric'),
    field('combined_federal_state_filing_program', 6, 1),
    required('payer_tin', 12, 9, 'numeric'),
    field('payer_name_control', 21, 4),
    field('last_filing_indicator', 25, 1),
    required('type_of_return', 26, 2),
    required('amount_codes', 28, 18),
    field('foreign_entity_indicator', 54, 1),
    required('first_payer_name_line', 55, 40),
    field('second_payer_name_line', 95, 40),
    required('transfer_agent_indicator', 135, 1, 'numeric'),
    required('payer_shipping_address', 136, 40),
    required('payer_city', 176, 40),
    required('payer_state', 216, 2),
    required('payer_zip_code', 218, 9),
    field('payer_telephone_number_and_extension', 227, 15),
    sequence,
  ],
  B: [
    required('record_type', 1, 1),
    required('payment_year', 2, 4, 'numeric'),
    field('corrected_return_indicator', 6, 1),
    field('name_control', 7, 4),
    required('type_of_tin', 11, 1, 'numeric'),
    required('payee_tin', 12, 9, 'numeric'),
    field('issuer_account_number_for_payee', 21, 20),
    field('payer_office_code', 41, 4),
    ...amounts('payment_amount', 55, 12),
    field('foreign_country_indicator', 287, 1),
    required('first_payee_name_line', 288, 40),
    field('second_payee_name_line', 328, 40),
    required('payee_mailing_address', 368, 40),
    required('payee_city', 448, 40),
    required('payee_state', 488, 2),
    required('payee_zip_code', 490, 9),
    sequence,
    field('second_tin_notice', 544, 1),
    field('direct_sales_indicator', 547, 1),
    field('fatca_filing_requirement_indicator', 548, 1),
    field('special_data_entries', 663, 60),
    required('state_income_tax_withheld', 723, 12, 'numeric'),
    required('local_income_tax_withheld', 735, 12, 'numeric'),
    field('combined_federal_state_code', 747, 2),
  ],
  C: [required('record_type', 1, 1), required('number_of_payees', 2, 8, 'numeric'), ...amounts('control_total', 16, 18), sequence],
  K: [
    required('record_type', 1, 1),
    required('number_of_payees', 2, 8, 'numeric'),
    ...amounts('control_total', 16, 18),
    sequence,
    required('state_income_tax_withheld_total', 707, 18, 'numeric'),
    required('local_income_tax_withheld_total', 725, 18, 'numeric'),
    required('combined_federal_state_code', 747, 2, 'numeric'),
  ],
  F: [
    required('record_type', 1, 1),
    required('number_of_a_records', 2, 8, 'numeric'),
    required('zero', 10, 21, 'numeric'),
    required('total_number_of_payees', 50, 8, 'numeric'),
    sequence,
  ],
};

/**
 * The Combined Federal/State Filing Program's state codes (Publication 1220, Part A): a B record
 * with one is forwarded by the IRS to that state, which a K record totals.
 */
export const COMBINED_FEDERAL_STATE_CODES: Readonly<Record<string, string>> = {
  AL: '01',
  AZ: '04',
  AR: '05',
  CA: '06',
  CO: '07',
  CT: '08',
  DE: '10',
  GA: '13',
  HI: '15',
  ID: '16',
  IN: '18',
  KS: '20',
  LA: '22',
  ME: '23',
  MD: '24',
  MA: '25',
  MI: '26',
  MN: '27',
  MS: '28',
  MO: '29',
  MT: '30',
  NE: '31',
  NJ: '34',
  NM: '35',
  NC: '37',
  ND: '38',
  OH: '39',
  OK: '40',
  SC: '45',
  WI: '55',
};
