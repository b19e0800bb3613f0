import { describe, expect, it } from 'vitest';
import {
  formatBoxAmount,
  maskTin,
  reportingThresholdCents,
  summarizeTaxYear,
  taxRequestBody,
  taxEmailedMessage,
  taxSkipReasons,
  taxYears,
} from './taxes.ts';

const at = (iso: string) => new Date(iso);
const paid = (amount: number, posted: string | null, returned: string | null = null, withheld = { state: 0, federal: 0 }) => ({
  amount,
  state_withholdings: withheld.state,
  federal_withholdings: withheld.federal,
  date_posted: posted ? at(posted) : null,
  date_returned: returned ? at(returned) : null,
});

describe('summarizeTaxYear', () => {
  it('counts payments posted in the year and takes off those returned in it, across the year boundary', () => {
    const payments = [
      paid(100_000, '2024-12-31T23:59:59Z'),
      paid(25_050, '2025-01-01T00:00:00Z'),
      paid(40_000, '2024-12-30T10:00:00Z', '2025-01-03T10:00:00Z'),
      paid(9_999, '2025-06-01T10:00:00Z', '2025-06-04T10:00:00Z'),
      paid(77_777, null),
    ];
    expect(summarizeTaxYear(payments, 2024)).toMatchObject({ posted: 140_000, returned: 0, compensation: 140_000 });
    expect(summarizeTaxYear(payments, 2025)).toMatchObject({ posted: 35_049, returned: 49_999, compensation: -14_950 });
    expect(summarizeTaxYear(payments, 2023).compensation).toBe(0);
  });

  it('reports W-2 wages gross of withholding and the withholding itself', () => {
    const payments = [
      paid(71_400, '2025-03-01T00:00:00Z', null, { state: 6_600, federal: 22_000 }),
      paid(35_700, '2025-04-01T00:00:00Z', '2025-04-05T00:00:00Z', { state: 3_300, federal: 11_000 }),
    ];
    expect(summarizeTaxYear(payments, 2025)).toEqual({
      posted: 150_000,
      returned: 50_000,
      compensation: 100_000,
      federal_withheld: 22_000,
      state_withheld: 6_600,
    });
  });
});

describe('thresholds and skip reasons', () => {
  it('is $600 through 2025 and $2,000 from 2026', () => {
    expect(reportingThresholdCents(2022)).toBe(60_000);
    expect(reportingThresholdCents(2025)).toBe(60_000);
    expect(reportingThresholdCents(2026)).toBe(200_000);
  });

  it('skips 1099 payees under the threshold and reports missing data, but reports any W-2 wages', () => {
    const base = { year: 2025, is_w2: false, has_tin: true, has_address: true };
    expect(taxSkipReasons({ ...base, compensation: 59_999 })).toEqual(['below_threshold']);
    expect(taxSkipReasons({ ...base, compensation: 60_000 })).toEqual([]);
    expect(taxSkipReasons({ ...base, year: 2026, compensation: 199_999 })).toEqual(['below_threshold']);
    expect(taxSkipReasons({ ...base, is_w2: true, compensation: 100 })).toEqual([]);
    expect(taxSkipReasons({ ...base, compensation: 90_000, has_tin: false, has_address: false })).toEqual([
      'missing_tin',
      'missing_address',
    ]);
  });
});

describe('formatting and the request', () => {
  it('masks TINs to the last four and prints box amounts', () => {
    expect(maskTin('123456789', 'ssn')).toBe('***-**-6789');
    expect(maskTin('12-3456789', 'ein')).toBe('**-***6789');
    expect(formatBoxAmount(123_456_78)).toBe('123,456.78');
    expect(formatBoxAmount(5)).toBe('0.05');
  });

  it('offers the current year down to 2022 and refuses other years', () => {
    expect(taxYears(at('2026-11-23T00:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022]);
    const id = '0190b6a4-2c61-7cc0-8000-000000000001';
    expect(taxRequestBody.safeParse({ year: 2021, method: 'download', userIds: [id] }).error?.issues[0]?.message).toBe(
      'Tax years run from the current year down to 2022',
    );
    expect(taxRequestBody.safeParse({ year: 2024, method: 'fax', userIds: [id] }).error?.issues[0]?.message).toBe(
      'Method must be download or email',
    );
    expect(taxRequestBody.safeParse({ year: 2024, method: 'email', userIds: [] }).error?.issues[0]?.message).toBe(
      'Choose at least one user',
    );
    expect(taxRequestBody.safeParse({ year: 2024, method: 'email', userIds: [id] }).success).toBe(true);
  });
});

describe('taxEmailedMessage', () => {
  it("keeps the spec's message when everyone was emailed, and says what is left to mail otherwise", () => {
    expect(taxEmailedMessage(3, 0)).toBe('Tax documents have been emailed');
    expect(taxEmailedMessage(1, 1)).toBe('1 form emailed; print the 1 form to mail');
    expect(taxEmailedMessage(2, 3)).toBe('2 forms emailed; print the 3 forms to mail');
    expect(taxEmailedMessage(0, 2)).toBe('No recipient agreed to electronic delivery: print the 2 forms to mail');
  });
});
