import { z } from 'zod';

/** The checkbox a payee ticks to receive their tax forms by email (the IRS asks for affirmative consent). */
export const taxDeliveryConsentLabel = 'I agree to receive my tax forms (1099, W-2) electronically instead of on paper';

/** What the payee is told before consenting: the IRS's required disclosures, in short. */
export const taxDeliveryDisclosure = [
  'Your forms are emailed to you as PDFs. You can still ask the payer for a paper copy at any time.',
  'Your consent covers this and future years until you withdraw it. Withdraw it here, from your tax form, whenever you like: later forms are then mailed to you.',
];

/** POST .../tax_delivery_consent: give (true) or withdraw (false) the consent. */
export const taxDeliveryConsentBody = z.object({
  consented: z.boolean({ error: 'Choose whether you agree to receive your tax forms electronically' }),
});
export type TaxDeliveryConsentBody = z.infer<typeof taxDeliveryConsentBody>;

/** A payee's latest consent; null when they never answered (which counts as no consent). */
export const taxDeliveryConsent = z
  .object({
    payee_id: z.uuid(),
    consented: z.boolean(),
    recorded_at: z.string(),
    source: z.enum(['payee_link', 'portal']),
  })
  .nullable();
export type TaxDeliveryConsent = z.infer<typeof taxDeliveryConsent>;
