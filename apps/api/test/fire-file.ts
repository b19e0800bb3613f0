import { expect } from 'vitest';
import { AMOUNT_CODES, LAYOUTS, RECORD_LENGTH, type RecordType } from '../src/modules/taxes/fire/layout.ts';
import { readRecord } from '../src/modules/taxes/fire/record.ts';

type FireRecord = { type: RecordType; fields: Record<string, string>; line: string };

const num = (value: string | undefined) => Number(value);

/** Every position a record type's layout leaves unnamed must be blank. */
function expectBlanksOutsideFields(record: FireRecord) {
  const named = new Set<number>();
  for (const field of LAYOUTS[record.type]) for (let at = field.start; at < field.start + field.length; at += 1) named.add(at);
  for (let at = 1; at <= RECORD_LENGTH - 2; at += 1)
    if (!named.has(at)) expect(record.line[at - 1], `${record.type} record position ${at} must be blank`).toBe(' ');
}

function expectFieldsWellFormed(record: FireRecord) {
  for (const field of LAYOUTS[record.type]) {
    const value = record.fields[field.name]!;
    if (field.kind === 'numeric') expect(value, `${record.type} ${field.name} is numeric`).toMatch(/^\d+$/);
    if (field.required) expect(value.trim(), `${record.type} ${field.name} is required`).not.toBe('');
    if (field.kind === 'alpha' && value.trim()) expect(value, `${record.type} ${field.name} is left-justified`).toMatch(/^\S/);
  }
}

const sumOf = (records: FireRecord[], field: string) => records.reduce((sum, record) => sum + num(record.fields[field]), 0);

/** Totals of C and K records: the count of B records and each amount code's sum. */
function expectTotals(total: FireRecord, payees: FireRecord[]) {
  expect(num(total.fields.number_of_payees)).toBe(payees.length);
  for (const code of AMOUNT_CODES) expect(num(total.fields[`control_total_${code}`])).toBe(sumOf(payees, `payment_amount_${code}`));
}

/**
 * Reads a FIRE file and checks it against Publication 1220 as encoded in fire/layout.ts: 750-byte
 * ASCII records ending in CR/LF, the order T A B... C K... F, sequence numbers from 1, numeric
 * fields all digits, required fields present, unnamed positions blank, and every count and total.
 */
export function validateFireFile(body: Buffer, options: { year: number; tcc: string }): FireRecord[] {
  expect(body.length % RECORD_LENGTH).toBe(0);
  expect([...body].every((byte) => byte < 0x80)).toBe(true);
  const records: FireRecord[] = [];
  for (let offset = 0; offset < body.length; offset += RECORD_LENGTH) {
    const line = body.subarray(offset, offset + RECORD_LENGTH).toString('ascii');
    expect(line.endsWith('\r\n')).toBe(true);
    expect(line.slice(0, -2)).not.toMatch(/[\r\n]/);
    records.push({ ...readRecord(line), line });
  }
  expect(records.map((record) => record.type).join('')).toMatch(/^TAB+CK*F$/);
  records.forEach((record, index) => {
    expect(num(record.fields.record_sequence_number)).toBe(index + 1);
    expectFieldsWellFormed(record);
    expectBlanksOutsideFields(record);
  });
  const [transmitter, payer] = records;
  const payees = records.filter((record) => record.type === 'B');
  expect(transmitter!.fields.transmitter_control_code).toBe(options.tcc);
  for (const record of [transmitter!, payer!, ...payees]) expect(num(record.fields.payment_year)).toBe(options.year);
  expect(payer!.fields.type_of_return).toBe('NE');
  expect(num(transmitter!.fields.total_number_of_payees)).toBe(payees.length);
  expectTotals(
    records.find((record) => record.type === 'C')!,
    payees,
  );
  for (const state of records.filter((record) => record.type === 'K')) {
    const code = state.fields.combined_federal_state_code;
    const ofState = payees.filter((record) => record.fields.combined_federal_state_code === code);
    expectTotals(state, ofState);
    expect(num(state.fields.state_income_tax_withheld_total)).toBe(sumOf(ofState, 'state_income_tax_withheld'));
  }
  const end = records.at(-1)!;
  expect(num(end.fields.number_of_a_records)).toBe(1);
  expect(num(end.fields.total_number_of_payees)).toBe(payees.length);
  return records;
}
