import {
  countryName,
  taxFormLabels,
  w8benCertification,
  w8beneCertification,
  w9Certification,
  type TaxFormBody,
  type W8benBody,
  type W8beneBody,
  type W9Body,
} from '@crewpay/core';

/** One numbered line of a form as the IRS labels it, with what the payee entered. */
export type FormLine = { label: string; value: string; half?: boolean };
type FormLayout = { title: string; subtitle: string; lines: FormLine[]; certification: readonly string[] };

const CLASSIFICATIONS: Record<W9Body['tax_classification'], string> = {
  individual: 'Individual/sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust/estate',
  llc: 'LLC',
  other: 'Other',
};

const words = (value: string) => value.replace(/_/g, ' ').replace(/\b(nffe|ffi)\b/gi, (part) => part.toUpperCase());
const formatTin = (tin: string, kind: 'ssn' | 'ein') =>
  kind === 'ein' ? `${tin.slice(0, 2)}-${tin.slice(2)}` : `${tin.slice(0, 3)}-${tin.slice(3, 5)}-${tin.slice(5)}`;

function classification(body: W9Body): string {
  if (body.tax_classification === 'llc') return `LLC. Enter the tax classification: ${body.llc_classification ?? ''}`;
  if (body.tax_classification === 'other') return `Other: ${body.other_classification}`;
  return CLASSIFICATIONS[body.tax_classification];
}

function w9Lines(body: W9Body): FormLine[] {
  const { address } = body;
  return [
    { label: '1 Name of entity/individual', value: body.name },
    { label: '2 Business name/disregarded entity name, if different from above', value: body.business_name },
    { label: '3a Federal tax classification', value: classification(body) },
    { label: '4 Exemptions: Exempt payee code (if any)', value: body.exempt_payee_code, half: true },
    { label: 'Exemption from FATCA reporting code (if any)', value: body.fatca_code, half: true },
    { label: '5 Address (number, street, and apt. or suite no.)', value: [address.line_1, address.line_2].filter(Boolean).join(', ') },
    { label: '6 City, state, and ZIP code', value: `${address.city}, ${address.state} ${address.zip}` },
    {
      label:
        body.tin_type === 'ssn'
          ? 'Part I Taxpayer Identification Number: Social security number'
          : 'Part I Taxpayer Identification Number: Employer identification number',
      value: formatTin(body.tin, body.tin_type),
    },
  ];
}

const foreignTinLine = (body: W8benBody | W8beneBody, label: string): FormLine => ({
  label,
  value: body.foreign_tin || `Not provided: ${body.foreign_tin_reason}`,
});
const foreignAddress = (address: W8benBody['address']) =>
  [address.line_1, address.city, address.postal_code, countryName(address.country)].filter(Boolean).join(', ');

function w8benLines(body: W8benBody): FormLine[] {
  const treaty = body.treaty_country
    ? `${countryName(body.treaty_country)}; Article ${body.treaty_article}; ${body.treaty_rate ?? 0}% rate; ${body.treaty_income_type}`
    : 'No treaty benefits claimed';
  return [
    { label: '1 Name of individual who is the beneficial owner', value: body.name, half: true },
    { label: '2 Country of citizenship', value: countryName(body.country_of_citizenship), half: true },
    { label: '3 Permanent residence address', value: foreignAddress(body.address) },
    foreignTinLine(body, '6a Foreign tax identifying number (6b: FTIN not legally required)'),
    {
      label: '8 Date of birth (MM-DD-YYYY)',
      value: `${body.date_of_birth.slice(5, 7)}-${body.date_of_birth.slice(8)}-${body.date_of_birth.slice(0, 4)}`,
    },
    { label: 'Part II 9-10 Claim of tax treaty benefits (country; article; rate; type of income)', value: treaty },
  ];
}

function w8beneLines(body: W8beneBody): FormLine[] {
  return [
    { label: '1 Name of organization that is the beneficial owner', value: body.name, half: true },
    { label: '2 Country of incorporation or organization', value: countryName(body.country_of_organization), half: true },
    { label: '4 Chapter 3 Status (entity type)', value: words(body.chapter3_status), half: true },
    { label: '5 Chapter 4 Status (FATCA status)', value: words(body.chapter4_status), half: true },
    { label: '6 Permanent residence address', value: foreignAddress(body.address) },
    foreignTinLine(body, '9b Foreign TIN (9c: reason no FTIN)'),
  ];
}

/** What the signed PDF prints: the form's own lines, in the form's order, and its certification. */
export function formLayout(body: TaxFormBody): FormLayout {
  const title = `Form ${taxFormLabels[body.form_type]}`;
  if (body.form_type === 'w9')
    return {
      title,
      subtitle: 'Request for Taxpayer Identification Number and Certification (Rev. March 2024)',
      lines: w9Lines(body),
      certification: w9Certification,
    };
  if (body.form_type === 'w8ben')
    return {
      title,
      subtitle:
        'Certificate of Foreign Status of Beneficial Owner for United States Tax Withholding and Reporting (Individuals) (Rev. October 2021)',
      lines: w8benLines(body),
      certification: w8benCertification,
    };
  return {
    title,
    subtitle: 'Certificate of Status of Beneficial Owner for United States Tax Withholding and Reporting (Entities) (Rev. October 2021)',
    lines: w8beneLines(body),
    certification: w8beneCertification,
  };
}
