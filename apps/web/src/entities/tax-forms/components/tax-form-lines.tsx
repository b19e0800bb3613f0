import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import type { TaxFormType } from '@crewpay/core';
import type { FieldOptions } from './tax-form-field.tsx';
import {
  chapter3Options,
  chapter4Options,
  classificationOptions,
  countryOptions,
  llcOptions,
  stateOptions,
  tinTypeOptions,
} from './tax-form-options.ts';
import type { TaxFormValues } from './tax-form-values.ts';

type Field = (name: string, label: string, extra?: FieldOptions) => ReactNode;
type Props = { formType: TaxFormType; values: TaxFormValues; field: Field };

const optional = { required: false } as const;

function W9Lines({ values, field }: Omit<Props, 'formType'>) {
  return (
    <>
      {field('name', 'Name (as shown on your income tax return)', { xs: 12 })}
      {field('business_name', 'Business name, if different', { xs: 12, ...optional })}
      {field('tax_classification', 'Federal tax classification', { options: classificationOptions })}
      {values.tax_classification === 'llc' && field('llc_classification', 'LLC tax classification', { options: llcOptions })}
      {values.tax_classification === 'other' && field('other_classification', 'Other classification')}
      {field('exempt_payee_code', 'Exempt payee code (if any)', optional)}
      {field('fatca_code', 'FATCA exemption code (if any)', optional)}
      {field('line_1', 'Address', { xs: 12 })}
      {field('line_2', 'Apt. or suite', { xs: 12, ...optional })}
      {field('city', 'City')}
      {field('state', 'State', { xs: 3, options: stateOptions })}
      {field('zip', 'ZIP code', { xs: 3, inputMode: 'numeric' })}
      {field('tin_type', 'Taxpayer identification number', { options: tinTypeOptions })}
      {field('tin', values.tin_type === 'ein' ? 'EIN' : 'SSN or ITIN', { inputMode: 'numeric' })}
    </>
  );
}

function ForeignAddress({ field }: Pick<Props, 'field'>) {
  return (
    <>
      {field('line_1', 'Permanent residence address', { xs: 12 })}
      {field('city', 'City or town')}
      {field('postal_code', 'Postal code', { xs: 3, ...optional })}
      {field('country', 'Country', { xs: 3, options: countryOptions })}
      {field('foreign_tin', 'Foreign tax identifying number', { ...optional, helper: 'Or give the reason you have none' })}
      {field('foreign_tin_reason', 'Reason no foreign TIN', optional)}
    </>
  );
}

/** The chosen form's own lines, in the IRS form's order. */
export function TaxFormLines({ formType, values, field }: Props) {
  return (
    <Grid container spacing={2}>
      {formType === 'w9' && <W9Lines values={values} field={field} />}
      {formType === 'w8ben' && (
        <>
          {field('name', 'Name of individual who is the beneficial owner', { xs: 12 })}
          {field('country_of_citizenship', 'Country of citizenship', { options: countryOptions })}
          {field('date_of_birth', 'Date of birth', { type: 'date' })}
          <ForeignAddress field={field} />
          {field('treaty_country', 'Treaty country (if claiming)', { ...optional, options: countryOptions })}
          {field('treaty_article', 'Treaty article', optional)}
          {field('treaty_rate', 'Treaty rate (%)', { ...optional, inputMode: 'decimal' })}
          {field('treaty_income_type', 'Type of income', optional)}
        </>
      )}
      {formType === 'w8bene' && (
        <>
          {field('name', 'Name of organization that is the beneficial owner', { xs: 12 })}
          {field('country_of_organization', 'Country of incorporation or organization', { options: countryOptions })}
          {field('chapter3_status', 'Chapter 3 status (entity type)', { options: chapter3Options })}
          {field('chapter4_status', 'Chapter 4 status (FATCA status)', { options: chapter4Options })}
          <ForeignAddress field={field} />
        </>
      )}
    </Grid>
  );
}
