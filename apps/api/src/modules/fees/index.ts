// The fees module as other modules see it.
export { ensureFeeSchedules, findFeeRule } from './service.ts';
export { feeRoutes } from './routes.ts';
