// The sandbox tools as the app sees them (/dev: the outbox, the SMS outbox, the sandbox clock); registered only in the sandbox.
export { devRoutes } from './routes.ts';
