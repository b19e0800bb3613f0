export { deliverableRoutes } from './routes.ts';
