export { CampaignQuickbooksTab } from './components/campaign-quickbooks-tab.tsx';
export { QuickbooksPartyCard } from './components/quickbooks-party-card.tsx';
export { QuickbooksTab } from './components/quickbooks-tab.tsx';
