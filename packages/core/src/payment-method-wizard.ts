import { z } from 'zod';
import { accountNumberMessage, isValidRoutingNumber, messages, routingNumberMessage } from './validation.ts';

/**
 * The Add Payment Method wizard of Settings > Profile (document 001 sections 3, 4, 5 and 9):
 * local only, nothing is saved. Step 0 Beneficiaries information, step 1 Payment info.
 */
export const wizardCountries = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['AL', 'Albania'],
  ['AD', 'Andorra'],
  ['AM', 'Armenia'],
  ['AT', 'Austria'],
  ['AZ', 'Azerbaijan'],
  ['BY', 'Belarus'],
  ['BE', 'Belgium'],
  ['BA', 'Bosnia and Herzegovina'],
  ['BG', 'Bulgaria'],
  ['HR', 'Croatia'],
  ['CY', 'Cyprus'],
  ['CZ', 'Czechia'],
  ['DK', 'Denmark'],
  ['EE', 'Estonia'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['GE', 'Georgia'],
  ['DE', 'Germany'],
  ['GR', 'Greece'],
  ['HU', 'Hungary'],
  ['IS', 'Iceland'],
  ['IE', 'Ireland'],
  ['IT', 'Italy'],
  ['XK', 'Kosovo'],
  ['LV', 'Latvia'],
  ['LI', 'Liechtenstein'],
  ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'],
  ['MT', 'Malta'],
  ['MD', 'Moldova'],
  ['MC', 'Monaco'],
  ['ME', 'Montenegro'],
  ['NL', 'Netherlands'],
  ['MK', 'North Macedonia'],
  ['NO', 'Norway'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['RO', 'Romania'],
  ['RU', 'Russia'],
  ['SM', 'San Marino'],
  ['RS', 'Serbia'],
  ['SK', 'Slovakia'],
  ['SI', 'Slovenia'],
  ['ES', 'Spain'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['TR', 'Turkey'],
  ['UA', 'Ukraine'],
  ['GB', 'United Kingdom'],
  ['VA', 'Vatican City'],
] as const satisfies readonly (readonly [string, string])[];
export const wizardCurrencies = ['USD', 'CAD', 'EUR', 'HKD', 'AUD', 'SGD'] as const;

export const paymentMethodKinds = [
  ['international_bank', 'International Bank'],
  ['us_bank', 'US Bank'],
  ['card', 'Card'],
  ['otc_cash', 'OTC Cash'],
] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number][0];

const required = (max = 255) =>
  z
    .string()
    .trim()
    .min(1, messages.required)
    .max(max, `Must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), messages.required);
const optionalText = z.string().trim().max(255, 'Must be at most 255 characters');
const countryCodes = wizardCountries.map(([code]) => code) as [string, ...string[]];

export const beneficiaryStep = z.object({
  country: z.enum(countryCodes, { error: messages.required }),
  currency: z.enum(wizardCurrencies, { error: messages.required }),
  address_1: required(),
  address_2: optionalText,
  city: required(),
  state: required(),
  zip: required(20),
});
export type BeneficiaryStep = z.infer<typeof beneficiaryStep>;

/** Luhn: the check digit every card number carries. */
export function isValidCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  const sum = [...digits].reverse().reduce((total, char, index) => {
    const doubled = index % 2 === 1 ? Number(char) * 2 : Number(char);
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return sum % 10 === 0;
}

export type PaymentInfoField =
  | 'bank'
  | 'first_name'
  | 'last_name'
  | 'account_number'
  | 'routing_number'
  | 'card_number'
  | 'name_on_card'
  | 'expiration_date'
  | 'cvv'
  | 'location';

const fieldsByMethod: Record<PaymentMethodKind, readonly PaymentInfoField[]> = {
  us_bank: ['first_name', 'last_name', 'account_number', 'routing_number'],
  international_bank: ['bank', 'first_name', 'last_name', 'account_number', 'routing_number'],
  card: ['card_number', 'name_on_card', 'expiration_date', 'cvv'],
  otc_cash: ['location'],
};
export const paymentMethodFields = fieldsByMethod;

const formatRules: Record<string, { test: (value: string) => boolean; message: string }> = {
  account_number: { test: (value) => /^\d{4,17}$/.test(value), message: accountNumberMessage },
  routing_number: { test: isValidRoutingNumber, message: routingNumberMessage },
  card_number: { test: isValidCardNumber, message: 'Enter a valid card number' },
  expiration_date: { test: (value) => /^(0[1-9]|1[0-2])\/\d{2}$/.test(value), message: 'Enter the date as MM/YY' },
  cvv: { test: (value) => /^\d{3,4}$/.test(value), message: 'Enter the 3 or 4 digits on the card' },
};

/** One flat form; only the chosen method's fields are required (and checked). */
export const paymentInfoStep = z
  .object({
    method: z.enum(paymentMethodKinds.map(([kind]) => kind) as [PaymentMethodKind, ...PaymentMethodKind[]], {
      error: messages.required,
    }),
    bank: optionalText,
    first_name: optionalText,
    last_name: optionalText,
    account_number: optionalText,
    routing_number: optionalText,
    card_number: optionalText,
    name_on_card: optionalText,
    expiration_date: optionalText,
    cvv: optionalText,
    location: optionalText,
  })
  .superRefine((form, context) => {
    for (const field of fieldsByMethod[form.method]) {
      const value = form[field];
      const rule = formatRules[field];
      if (!value) context.addIssue({ code: 'custom', path: [field], message: messages.required });
      else if (rule && !rule.test(value)) context.addIssue({ code: 'custom', path: [field], message: rule.message });
    }
  });
export type PaymentInfoStep = z.infer<typeof paymentInfoStep>;
