// The audit module as other modules see it: recordAudit for named actions, the acting hook for requests.
export { recordAudit } from './service.ts';
export { registerActingAudit } from './hook.ts';
