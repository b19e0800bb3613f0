import { z } from 'zod';
import { taxYearSchema } from './taxes.ts';

/**
 * The IRS filing of a tax year's 1099-NEC forms: a FIRE (Publication 1220) file the organisation
 * uploads itself, made with its Transmitter Control Code (docs/decisions.md, "IRS filing").
 */

export const taxFilingMessages = {
  tcc: 'A Transmitter Control Code (TCC) is 5 letters or digits',
  stateNumber: "A payer's state number is up to 20 letters, digits or hyphens",
  tccMissing: "Enter your organization's Transmitter Control Code (TCC) in IRS filing first",
  saved: 'IRS filing settings saved',
} as const;

export const TCC_PATTERN = /^[A-Z0-9]{5}$/;

export const taxFilingSettingsBody = z.object({
  tcc: z.string({ error: taxFilingMessages.tcc }).trim().toUpperCase().regex(TCC_PATTERN, taxFilingMessages.tcc),
  state_number: z
    .string({ error: taxFilingMessages.stateNumber })
    .trim()
    .max(20, taxFilingMessages.stateNumber)
    .regex(/^[A-Za-z0-9-]*$/, taxFilingMessages.stateNumber)
    .default(''),
});
export type TaxFilingSettingsBody = z.infer<typeof taxFilingSettingsBody>;

/** The settings as answered: empty strings until an owner saves them. */
export const taxFilingSettings = z.object({ tcc: z.string(), state_number: z.string() });
export type TaxFilingSettings = z.infer<typeof taxFilingSettings>;

export const taxYearParams = z.object({ year: taxYearSchema });

/** A 1099-NEC's figures as filed with the IRS, in cents: box 1, box 4 and box 5. */
export const taxFiledFigures = z.object({
  compensation: z.number().int(),
  federal_withheld: z.number().int(),
  state_withheld: z.number().int(),
});
export type TaxFiledFigures = z.infer<typeof taxFiledFigures>;

/** A recipient whose 1099-NEC now differs from what was filed: a CORRECTED form and a correction record are due. */
export const taxCorrection = z.object({ id: z.uuid(), name: z.string(), filed: taxFiledFigures, current: taxFiledFigures });
export type TaxCorrection = z.infer<typeof taxCorrection>;
export const taxCorrectionList = z.object({ year: z.number().int(), data: z.array(taxCorrection) });
export type TaxCorrectionList = z.infer<typeof taxCorrectionList>;

export const taxCorrectionMessages = {
  none: 'No 1099-NEC filed for this year has changed since it was filed',
} as const;
