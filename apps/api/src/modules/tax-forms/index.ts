// The tax-forms module as other modules see it: its routes and whether a payee has a W-9 on file.
export { taxFormOrgRoutes, taxFormPayeeRoutes } from './routes.ts';
export { payeesWithActiveW9 } from './records.ts';
