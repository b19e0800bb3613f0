import { describe, expect, it } from 'vitest';
import { suggestAccountMap } from './suggestions.ts';

const account = (Id: string, Name: string, Classification: string, AccountType: string, Active = true) => ({
  Id,
  Name,
  Classification,
  AccountType,
  Active,
});

describe('suggestAccountMap', () => {
  it("falls back on QuickBooks' account types where no name says what an account is for, and leaves clearing to the person", () => {
    const chart = [
      account('1', 'Business Checking', 'Asset', 'Bank'),
      account('2', 'A/R', 'Asset', 'Accounts Receivable'),
      account('3', 'A/P', 'Liability', 'Accounts Payable'),
      account('4', 'Consulting Services', 'Revenue', 'Income'),
      account('5', 'Contractors', 'Expense', 'Expense'),
      account('6', 'Direct costs', 'Expense', 'Cost of Goods Sold'),
      account('7', 'Creator fees (old)', 'Expense', 'Expense', false),
    ];
    expect(suggestAccountMap(chart)).toEqual({
      // A Checking account is the organisation's own bank, never the Crewpay wallet: no guess.
      clearing: null,
      income: { Id: '5', Name: 'Contractors' },
      labor: { Id: '6', Name: 'Direct costs' },
      sales: { Id: '4', Name: 'Consulting Services' },
      receivable: { Id: '2', Name: 'A/R' },
      payable: { Id: '3', Name: 'A/P' },
      unique_income_creator: false,
    });
  });

  it('prefers accounts named for Crewpay: the wallet for clearing, another one for its fees', () => {
    const chart = [
      account('10', 'Crewpay Fees', 'Expense', 'Expense'),
      account('11', 'Crewpay Wallet', 'Asset', 'Bank'),
      account('12', 'Accounts Payable', 'Liability', 'Accounts Payable'),
    ];
    expect(suggestAccountMap(chart)).toMatchObject({ clearing: { Id: '11' }, payable: { Id: '10' }, income: null, sales: null });
  });
});
