import type { QbAccount, QbParty } from './types.ts';

/** A new sandbox company's chart of accounts, as QuickBooks' sample company has it (one account made inactive). */
export const SANDBOX_CHART: QbAccount[] = [
  { Id: '35', Name: 'Checking', Classification: 'Asset', AccountType: 'Bank', Active: true },
  { Id: '36', Name: 'Crewpay Clearing', Classification: 'Asset', AccountType: 'Bank', Active: true },
  { Id: '84', Name: 'Accounts Receivable (A/R)', Classification: 'Asset', AccountType: 'Accounts Receivable', Active: true },
  { Id: '4', Name: 'Undeposited Funds', Classification: 'Asset', AccountType: 'Other Current Asset', Active: true },
  { Id: '33', Name: 'Accounts Payable (A/P)', Classification: 'Liability', AccountType: 'Accounts Payable', Active: true },
  { Id: '89', Name: 'Creator Payouts Payable', Classification: 'Liability', AccountType: 'Other Current Liability', Active: true },
  { Id: '90', Name: 'Payroll Clearing (deleted)', Classification: 'Liability', AccountType: 'Other Current Liability', Active: false },
  { Id: '34', Name: 'Opening Balance Equity', Classification: 'Equity', AccountType: 'Equity', Active: true },
  { Id: '2', Name: "Owner's Equity", Classification: 'Equity', AccountType: 'Equity', Active: true },
  { Id: '79', Name: 'Sales of Product Income', Classification: 'Revenue', AccountType: 'Income', Active: true },
  { Id: '1', Name: 'Services', Classification: 'Revenue', AccountType: 'Income', Active: true },
  { Id: '91', Name: 'Creator Income', Classification: 'Revenue', AccountType: 'Income', Active: true },
  { Id: '92', Name: 'Cost of Labor', Classification: 'Expense', AccountType: 'Cost of Goods Sold', Active: true },
  { Id: '58', Name: 'Contractors', Classification: 'Expense', AccountType: 'Expense', Active: true },
  { Id: '8', Name: 'Bank Charges', Classification: 'Expense', AccountType: 'Expense', Active: true },
];

export const SANDBOX_VENDORS: QbParty[] = [
  { Id: '56', DisplayName: 'Crewpay' },
  { Id: '41', DisplayName: 'Hicks Hardware' },
  { Id: '30', DisplayName: 'Brosnahan Insurance Agency' },
];

export const SANDBOX_CUSTOMERS: QbParty[] = [
  { Id: '1', DisplayName: "Amy's Bird Sanctuary" },
  { Id: '3', DisplayName: 'Cool Cars' },
  { Id: '58', DisplayName: 'Kookies by Kathy' },
];
