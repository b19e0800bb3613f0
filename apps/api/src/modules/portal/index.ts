// The portal module as other modules see it: its routes, its scope, and how contracts and invoices add to its home.
export { portalRoutes } from './routes.ts';
export { portalTaxFormRoutes } from './tax-form-routes.ts';
