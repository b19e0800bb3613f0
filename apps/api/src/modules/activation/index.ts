// The activation module as the app sees it: the wallet's activation (KYB) and its answer.
export { activationRoutes } from './routes.ts';
