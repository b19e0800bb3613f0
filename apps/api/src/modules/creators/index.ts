// The creators module as other modules see it.
export { sealSecret, secretToken } from './secrets.ts';
export { creatorDisplayName, findCreatorForPayee, saveCreatorPayeeDetails } from './service.ts';
export { creatorRoutes } from './routes.ts';
export { campaignSplitRoutes } from './campaign-split-routes.ts';
