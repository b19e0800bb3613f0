export { billingKey, useBilling, useUpgradePlan } from './api/billing.ts';
export { PlanComparison } from './components/plan-comparison.tsx';
export { UpgradeDialog } from './components/upgrade-dialog.tsx';
