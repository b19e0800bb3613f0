export { metaRoutes } from './routes.ts';
