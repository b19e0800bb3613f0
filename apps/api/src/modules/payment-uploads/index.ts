// Payments from a CSV: read, previewed row by row, then committed as drafts (and schedules) by the payments module's rules.
export { paymentUploadRoutes } from './routes.ts';
