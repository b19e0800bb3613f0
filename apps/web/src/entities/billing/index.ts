export { billingKey, useBilling } from './api/billing.ts';
export { UpgradeDialog } from './components/upgrade-dialog.tsx';
