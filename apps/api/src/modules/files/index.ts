export { campaignFileRoutes } from './routes.ts';
