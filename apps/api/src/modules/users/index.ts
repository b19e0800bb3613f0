// The users module as other modules see it.
export { findUserForPayee, saveUserPayeeDetails } from './payee-details.ts';
export { userRoutes } from './routes.ts';
