// The tax-forms module as other modules see it: its routes and whether a payee has a W-9 on file.
export { taxFormOrgRoutes, taxFormPayeeRoutes } from './routes.ts';
export { payeesWithActiveW9 } from './records.ts';
export { findPayeeForm } from './records.ts';
export { listPayeeFormSummaries, sendSignedFormPdf, signPayeeForm } from './routes.ts';
export { payeesOwingBackupWithholding, recordBackupWithholdings, BACKUP_WITHHOLDING_RATE } from './withholding.ts';
export { backupWithholdingRoutes } from './settings-routes.ts';
