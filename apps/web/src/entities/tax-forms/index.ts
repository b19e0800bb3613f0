export { TaxFormStep } from './components/tax-form-step.tsx';
export { DeliveryConsent } from './components/delivery-consent.tsx';
export {
  useAnswerLinkDeliveryConsent,
  useCreatorTaxForms,
  useLinkDeliveryConsent,
  useLinkTaxForms,
  useSignLinkTaxForm,
} from './api/tax-forms.ts';
export { useBackupWithholdingSetting, useRequestW9, useW9Payees } from './api/w9-requests.ts';
export { W9Status } from './components/w9-status.tsx';
