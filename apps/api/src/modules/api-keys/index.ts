/** Organisation API keys: created, listed and revoked here; checked by plugins/auth.ts. */
export { apiTokenRoutes } from './routes.ts';
