/** What one form prints. TINs arrive already formatted (the recipient's masked to the last four). */
export type TaxFormParty = { name: string; address_lines: string[]; tin: string; phone?: string };

export type TaxForm = {
  kind: '1099-NEC' | 'W-2';
  year: number;
  payer: TaxFormParty & { state: string; state_number: string };
  recipient: TaxFormParty & { account: string };
  /** Cents. 1099-NEC box 1, or W-2 box 1 and 16. */
  compensation: number;
  federal_withheld: number;
  state_withheld: number;
  recipient_state: string;
  /** A 1099-NEC correcting one filed before: the CORRECTED box is checked. */
  corrected?: boolean;
};
