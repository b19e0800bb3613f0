import { taxFormSchemaOf, type TaxFormBody, type TaxFormType } from '@crewpay/core';

/** The form's fields as typed, flat (an address field is its own key); toBody builds the API's shape. */
export type TaxFormValues = Record<string, string>;

export const emptyValues = (name: string): TaxFormValues => ({
  name,
  business_name: '',
  tax_classification: 'individual',
  llc_classification: '',
  other_classification: '',
  exempt_payee_code: '',
  fatca_code: '',
  line_1: '',
  line_2: '',
  city: '',
  state: '',
  zip: '',
  postal_code: '',
  country: '',
  tin_type: 'ssn',
  tin: '',
  country_of_citizenship: '',
  country_of_organization: '',
  date_of_birth: '',
  foreign_tin: '',
  foreign_tin_reason: '',
  treaty_country: '',
  treaty_article: '',
  treaty_rate: '',
  treaty_income_type: '',
  chapter3_status: '',
  chapter4_status: '',
  signer_name: '',
  certified: '',
});

const optional = (value: string | undefined) => (value ? value : undefined);

/** The body of the chosen form: only its own fields, as the server's schema takes them. */
function toBody(formType: TaxFormType, v: TaxFormValues): Record<string, unknown> {
  const signature = { signer_name: v.signer_name, certified: v.certified === 'true' };
  const foreignAddress = { line_1: v.line_1, city: v.city, postal_code: v.postal_code, country: v.country };
  const foreignTin = { foreign_tin: v.foreign_tin, foreign_tin_reason: v.foreign_tin_reason };
  if (formType === 'w9')
    return {
      form_type: 'w9',
      name: v.name,
      business_name: v.business_name,
      tax_classification: v.tax_classification,
      llc_classification: optional(v.llc_classification),
      other_classification: v.other_classification,
      exempt_payee_code: v.exempt_payee_code,
      fatca_code: v.fatca_code,
      address: { line_1: v.line_1, line_2: v.line_2, city: v.city, state: v.state, zip: v.zip },
      tin_type: v.tin_type,
      tin: v.tin,
      ...signature,
    };
  if (formType === 'w8ben')
    return {
      form_type: 'w8ben',
      name: v.name,
      country_of_citizenship: v.country_of_citizenship,
      address: foreignAddress,
      date_of_birth: v.date_of_birth,
      ...foreignTin,
      treaty_country: optional(v.treaty_country),
      treaty_article: v.treaty_article,
      treaty_rate: v.treaty_rate === '' ? undefined : Number(v.treaty_rate),
      treaty_income_type: v.treaty_income_type,
      ...signature,
    };
  return {
    form_type: 'w8bene',
    name: v.name,
    country_of_organization: v.country_of_organization,
    chapter3_status: v.chapter3_status,
    chapter4_status: v.chapter4_status,
    address: foreignAddress,
    ...foreignTin,
    ...signature,
  };
}

/** Each field's first message, from the schema the server checks with. */
export function validateTaxForm(
  formType: TaxFormType,
  values: TaxFormValues,
): { errors: Record<string, string>; body: TaxFormBody | null } {
  const raw = toBody(formType, values);
  const parsed = taxFormSchemaOf(raw)!.safeParse(raw);
  if (parsed.success) return { errors: {}, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path.at(-1) ?? '')] ??= issue.message;
  return { errors, body: null };
}
