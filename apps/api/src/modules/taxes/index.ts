// The taxes module as other modules see it.
export { taxRoutes } from './routes.ts';
export { registerTaxJobs } from './runs.ts';
