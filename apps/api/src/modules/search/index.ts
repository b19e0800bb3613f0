// The search module as the app sees it: the command palette's one route.
export { searchRoutes } from './routes.ts';
