export { campaignRoutes } from './routes.ts';
export { assertCampaignOfOrg } from './queries.ts';
export { activeCampaignsFor, hasCampaign } from './home.ts';
