export { clientErrorRoutes } from './routes.ts';
export { describeClientError } from './report.ts';
