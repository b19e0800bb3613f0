// The tax-forms module as other modules see it: its routes and what the portal's routes use.
export { taxFormOrgRoutes, taxFormPayeeRoutes } from './routes.ts';
export { findPayeeForm } from './records.ts';
export { listPayeeFormSummaries, sendSignedFormPdf, signPayeeForm } from './routes.ts';
export { backupWithholdingRoutes } from './settings-routes.ts';
export { latestDeliveryConsents } from './consents.ts';
export { recordPayeeConsent } from './consent-routes.ts';
