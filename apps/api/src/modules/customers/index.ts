export { customerRoutes } from './routes.ts';
export { findCustomerRow } from './queries.ts';
export { invoiceFiguresBy } from './invoice-figures.ts';
export { customerPortalAccessRoutes } from './portal-access-routes.ts';
