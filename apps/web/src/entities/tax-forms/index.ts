export { TaxFormStep } from './components/tax-form-step.tsx';
export { DeliveryConsent } from './components/delivery-consent.tsx';
export {
  useAnswerLinkDeliveryConsent,
  useCreatorTaxForms,
  useLinkDeliveryConsent,
  useLinkTaxForms,
  useSignLinkTaxForm,
} from './api/tax-forms.ts';
