// The audit module as other modules see it: recordAudit for named actions, the hooks for requests, Settings > Audit log's routes.
export { recordAudit } from './service.ts';
export { registerActingAudit } from './hook.ts';
export { registerActionAudit } from './actions.ts';
export { auditRoutes } from './routes.ts';
