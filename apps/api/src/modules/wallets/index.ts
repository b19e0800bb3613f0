// The wallets module as the app sees it.
export { walletRoutes } from './routes.ts';
