// The dashboard module as the app sees it: the organisation's figures at a glance.
export { dashboardRoutes } from './routes.ts';
