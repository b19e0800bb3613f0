import { z } from 'zod';
import { text } from './text.ts';
import { emailSchema, messages, requiredText } from './validation.ts';
import { usStateCodes } from './us-states.ts';

export const activationMessages = {
  ssn: 'This field is required and must be 9 digits',
  ein: 'This field is required and must be 9 digits',
  zip: 'This field is required and must be 5 digits',
  state: 'This field is required and must be a US state',
  dob: 'This field is required and must be a valid date of birth',
  terms: 'You must accept the terms to continue',
  agreement: 'You must accept the agreement to continue',
} as const;

/** Digits of a US number: "+1 (555) 123-4567" -> "5551234567"; null unless exactly 10 digits. */
export function usPhoneDigits(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^[2-9]\d{9}$/.test(digits) ? digits : null;
}

/** "5551234567" -> "(555) 123-4567", the mask of every phone input. */
export function formatUsPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Any way of writing a US phone number, sent as +1 and ten digits. */
export const usPhoneSchema = z
  .string({ error: messages.usPhone })
  .refine((value) => usPhoneDigits(value) !== null, messages.usPhone)
  .transform((value) => `+1${usPhoneDigits(value)}`);

const nineDigits = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{9}$/.test(value), message);

export const ssnSchema = nineDigits(activationMessages.ssn);
/** Pasting "12-3456789" keeps the digits: the hyphen is dropped before the check. */
export const einSchema = nineDigits(activationMessages.ein);
export const zipSchema = z
  .string({ error: activationMessages.zip })
  .trim()
  .regex(/^\d{5}$/, activationMessages.zip);
export const stateSchema = z.enum(usStateCodes, { error: activationMessages.state });

/** YYYY-MM-DD of a real date, at least 18 years ago and after 1900. */
export const dobSchema = z
  .string({ error: activationMessages.dob })
  .regex(/^\d{4}-\d{2}-\d{2}$/, activationMessages.dob)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    const adult = new Date();
    adult.setUTCFullYear(adult.getUTCFullYear() - 18);
    return date.getUTCFullYear() >= 1900 && date <= adult;
  }, activationMessages.dob);

const address = {
  address: requiredText(200),
  address2: text().trim().max(200, 'Must be at most 200 characters').optional().default(''),
  city: requiredText(100),
  state: stateSchema,
  zip_code: zipSchema,
};

/** Activation step 1 of 2: the business representative. */
export const representativeBody = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  job_title: requiredText(100),
  phone: usPhoneSchema,
  dob: dobSchema,
  ssn: ssnSchema,
  ...address,
  terms: z.boolean({ error: activationMessages.terms }).refine((value) => value, activationMessages.terms),
});
export type RepresentativeBody = z.input<typeof representativeBody>;

/** Activation step 2 of 2: the business. */
export const businessBody = z.object({
  ein: einSchema,
  phone: usPhoneSchema,
  product_description: requiredText(500),
  ...address,
  agreement: z.boolean({ error: activationMessages.agreement }).refine((value) => value, activationMessages.agreement),
});
export type BusinessBody = z.input<typeof businessBody>;

export const ownerMessages = {
  percent: 'Enter a whole percentage from 25 to 100: only owners of 25% or more are listed',
  total: 'The owners listed cannot own more than 100% together',
  attestation: 'Confirm that every owner of 25% or more is listed',
  tooMany: 'At most 4 people can each own 25% or more',
} as const;

/** A beneficial owner: a person who owns 25% or more of the business (Stripe's owner Person). */
export const beneficialOwnerBody = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  /** Optional: their title in the business, when they have one. */
  title: text().trim().max(100, 'Must be at most 100 characters').optional().default(''),
  email: emailSchema,
  dob: dobSchema,
  percent_ownership: z
    .number({ error: ownerMessages.percent })
    .int(ownerMessages.percent)
    .min(25, ownerMessages.percent)
    .max(100, ownerMessages.percent),
  ...address,
});

/**
 * The business's beneficial owners (everyone owning 25% or more, at most four), with the owner's
 * attestation that the list is complete (Stripe's company.owners_provided). An empty list with
 * the attestation says nobody owns 25% or more.
 */
export const beneficialOwnersBody = z
  .object({
    owners: z.array(beneficialOwnerBody).max(4, ownerMessages.tooMany),
    attestation: z.boolean({ error: ownerMessages.attestation }).refine((value) => value, ownerMessages.attestation),
  })
  .refine((body) => body.owners.reduce((total, owner) => total + owner.percent_ownership, 0) <= 100, {
    message: ownerMessages.total,
    path: ['owners'],
  });
export type BeneficialOwnersBody = z.input<typeof beneficialOwnersBody>;

export const beneficialOwnerRecord = z.object({
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  email: z.string(),
  dob: z.string(),
  percent_ownership: z.number().int(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});
export const beneficialOwnersAnswer = z.object({
  owners: z.array(beneficialOwnerRecord),
  /** When the owner attested that every owner of 25% or more is listed; null before. */
  owners_provided_at: z.string().nullable(),
});
export type BeneficialOwnersAnswer = z.infer<typeof beneficialOwnersAnswer>;
