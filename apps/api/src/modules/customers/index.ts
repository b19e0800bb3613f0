export { customerRoutes } from './routes.ts';
export { findCustomerRow, toCustomerRecord } from './queries.ts';
export { invoiceFiguresBy, type InvoiceFigures } from './invoice-figures.ts';
export { customerPortalAccessRoutes } from './portal-access-routes.ts';
