import type { AccountMapRecord } from '@crewpay/core';
import { accountMapKeys, type AccountMapKey } from '../../db/schema/index.ts';
import type { QbAccount } from '../../providers/accounting/index.ts';

type Rule = (account: QbAccount) => boolean;

const named = (pattern: RegExp) => (account: QbAccount) => pattern.test(account.Name);
const typed = (type: string) => (account: QbAccount) => account.AccountType === type;
const both =
  (...rules: Rule[]): Rule =>
  (account) =>
    rules.every((rule) => rule(account));
const notBalanceSheet: Rule = (account) => account.Classification === 'Revenue' || account.Classification === 'Expense';
const classed = (classification: string) => (account: QbAccount) => account.Classification === classification;

/**
 * For each kind of line, the accounts that fit it, best first: a name saying what the account is
 * for, then QuickBooks' own account type. The first active account a rule finds is suggested.
 */
const RULES: Record<AccountMapKey, Rule[]> = {
  // The Crewpay wallet: a bank (or other asset) account of its own.
  clearing: [both(typed('Bank'), named(/crewpay/i)), both(classed('Asset'), named(/crewpay/i)), both(classed('Asset'), named(/clearing/i))],
  income: [both(notBalanceSheet, named(/creator/i)), both(classed('Expense'), named(/contractor|talent|influencer/i))],
  labor: [both(classed('Expense'), named(/labou?r|wages|payroll/i)), typed('Cost of Goods Sold')],
  sales: [both(classed('Revenue'), named(/sales/i)), both(classed('Revenue'), named(/services/i)), classed('Revenue')],
  receivable: [typed('Accounts Receivable')],
  // Crewpay's fees: an account named after Crewpay that is not the wallet, else accounts payable.
  payable: [both(named(/crewpay/i), (account) => account.Classification !== 'Asset'), typed('Accounts Payable')],
};

/**
 * Suggested mapping from the company's chart of accounts (Settings > Quickbooks fills the form
 * with it before anything is saved). Only active accounts; a kind no account fits stays empty.
 */
export function suggestAccountMap(chart: QbAccount[]): AccountMapRecord {
  const active = chart.filter((account) => account.Active);
  const suggestion = Object.fromEntries(
    accountMapKeys.map((key) => {
      for (const rule of RULES[key]) {
        const account = active.find(rule);
        if (account) return [key, { Id: account.Id, Name: account.Name }];
      }
      return [key, null];
    }),
  ) as Omit<AccountMapRecord, 'unique_income_creator'>;
  return { ...suggestion, unique_income_creator: false };
}
