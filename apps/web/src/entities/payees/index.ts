export { type KeptSecrets, PayoutDetailsForm, type PayoutFormValues } from './components/payout-details-form.tsx';
