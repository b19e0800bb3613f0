export { type KeptSecrets, PayoutDetailsForm, type PayoutFormValues } from './components/payout-details-form.tsx';
export { AbroadBankFields } from './components/abroad-bank-fields.tsx';
export { emptyCorridorFields } from './abroad-defaults.ts';
export { AbroadPayeeForm } from './components/abroad-payee-form.tsx';
