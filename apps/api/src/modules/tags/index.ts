// The tags module as the app sees it.
export { tagRoutes } from './routes.ts';
