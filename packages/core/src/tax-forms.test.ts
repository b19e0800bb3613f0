import { describe, expect, it } from 'vitest';
import { einProblem, ssnOrItinProblem, taxFormSchemaOf, tinMessages, w9Body } from './tax-forms.ts';

const w9 = {
  form_type: 'w9',
  name: 'Pat Payee',
  tax_classification: 'individual',
  address: { line_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
  tin_type: 'ssn',
  tin: '123-45-6789',
  signer_name: 'Pat Payee',
  certified: true,
};

describe('TIN rules', () => {
  it('refuses SSNs the SSA never issues', () => {
    expect(ssnOrItinProblem('123456789')).toBeNull();
    expect(ssnOrItinProblem('000123456')).toBe(tinMessages.ssnArea);
    expect(ssnOrItinProblem('666123456')).toBe(tinMessages.ssnArea);
    expect(ssnOrItinProblem('123006789')).toBe(tinMessages.ssnGroup);
    expect(ssnOrItinProblem('123450000')).toBe(tinMessages.ssnSerial);
    expect(ssnOrItinProblem('12345678')).toBe(tinMessages.digits);
  });

  it('takes ITINs only with the IRS group digits', () => {
    for (const group of ['50', '65', '70', '88', '90', '92', '94', '99']) expect(ssnOrItinProblem(`900${group}1234`)).toBeNull();
    for (const group of ['00', '49', '66', '69', '89', '93']) expect(ssnOrItinProblem(`912${group}1234`)).toBe(tinMessages.itinGroup);
  });

  it('takes EINs only with a prefix the IRS assigns', () => {
    for (const prefix of ['01', '10', '27', '45', '68', '77', '88', '95', '99']) expect(einProblem(`${prefix}3456789`)).toBeNull();
    for (const prefix of ['00', '07', '19', '28', '49', '69', '70', '79', '89', '96'])
      expect(einProblem(`${prefix}3456789`)).toBe(tinMessages.einPrefix);
  });
});

describe('tax form bodies', () => {
  it('keeps the TIN message of a W-9 picked by its form type', () => {
    const parsed = taxFormSchemaOf({ ...w9, tin: '666-12-3456' })!.safeParse({ ...w9, tin: '666-12-3456' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['tin', tinMessages.ssnArea]]);
  });

  it('asks for the LLC classification and the certification', () => {
    const parsed = w9Body.safeParse({ ...w9, tax_classification: 'llc', certified: false });
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['certified']));
    const unsigned = w9Body.safeParse({ ...w9, tax_classification: 'llc' });
    expect(unsigned.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['llc_classification']);
    expect(w9Body.parse(w9).tin).toBe('123456789');
  });

  it('answers no schema for an unknown form type', () => {
    expect(taxFormSchemaOf({ form_type: 'w4' })).toBeNull();
    expect(taxFormSchemaOf(null)).toBeNull();
  });
});
