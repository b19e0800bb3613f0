export { deliverableRoutes } from './routes.ts';
export { DELIVERABLE_APPROVED_EVENT } from './approval.ts';
