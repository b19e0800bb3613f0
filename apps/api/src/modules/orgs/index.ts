// The orgs module as other modules see it.
export { findOrg, toOrgRecord } from './service.ts';
export { orgLogoRoutes } from './logo-routes.ts';
export { orgRoutes } from './routes.ts';
