// The saved views module as the app sees it.
export { savedViewRoutes } from './routes.ts';
