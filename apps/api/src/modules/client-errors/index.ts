export { clientErrorRoutes } from './routes.ts';
