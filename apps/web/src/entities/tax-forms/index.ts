export { TaxFormStep } from './components/tax-form-step.tsx';
export { useCreatorTaxForms, useLinkTaxForms, useSignLinkTaxForm } from './api/tax-forms.ts';
