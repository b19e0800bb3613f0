import type { FakeAnswer } from './http-fake.ts';

/**
 * One QuickBooks Online company of the QuickBooks fake (quickbooks-fake.ts): its chart of accounts,
 * customers and vendors in the Accounting API's shapes, its journal entries, and the checks
 * Intuit makes when one is created. Sources are listed in quickbooks-fake.ts.
 */

type Json = Record<string, unknown>;
type FakeAccount = { Id: string; Name: string; Classification: string; AccountType: string; Active: boolean };
type FakeParty = { Id: string; DisplayName: string; Active: boolean };

const ACCOUNTS: [string, string, string, string, boolean?][] = [
  ['35', 'Checking', 'Asset', 'Bank'],
  ['36', 'Crewpay Clearing', 'Asset', 'Bank'],
  ['84', 'Accounts Receivable (A/R)', 'Asset', 'Accounts Receivable'],
  ['4', 'Undeposited Funds', 'Asset', 'Other Current Asset'],
  ['33', 'Accounts Payable (A/P)', 'Liability', 'Accounts Payable'],
  ['89', 'Creator Payouts Payable', 'Liability', 'Other Current Liability'],
  ['90', 'Payroll Clearing (deleted)', 'Liability', 'Other Current Liability', false],
  ['34', 'Opening Balance Equity', 'Equity', 'Equity'],
  ['79', 'Sales of Product Income', 'Revenue', 'Income'],
  ['1', 'Services', 'Revenue', 'Income'],
  ['91', 'Creator Income', 'Revenue', 'Income'],
  ['92', 'Cost of Labor', 'Expense', 'Cost of Goods Sold'],
  ['58', 'Contractors', 'Expense', 'Expense'],
  ['8', 'Bank Charges', 'Expense', 'Expense'],
];

export function sampleCompany(realmId: string, name = 'Sandbox Company_US_1') {
  return {
    realmId,
    name,
    accounts: ACCOUNTS.map(([Id, Name, Classification, AccountType, Active]) => ({
      Id,
      Name,
      Classification,
      AccountType,
      Active: Active ?? true,
    })) as FakeAccount[],
    customers: [
      { Id: '1', DisplayName: "Amy's Bird Sanctuary", Active: true },
      { Id: '3', DisplayName: 'Cool Cars', Active: true },
      { Id: '58', DisplayName: 'Kookies by Kathy', Active: true },
    ] as FakeParty[],
    vendors: [
      { Id: '56', DisplayName: 'Crewpay', Active: true },
      { Id: '41', DisplayName: 'Hicks Hardware', Active: true },
    ] as FakeParty[],
    journalEntries: [] as Json[],
    /** Each requestid's first answer, given again to a repeated request (Intuit's idempotency). */
    answers: new Map<string, FakeAnswer>(),
    /** Requests in the current minute (the per-company limit). */
    window: { start: 0, count: 0 },
  };
}

export type FakeCompany = ReturnType<typeof sampleCompany>;

const time = () => new Date().toISOString();

/** Intuit's error answer: {"Fault":{"Error":[{Message, Detail, code, element}],"type"},"time"}. */
export const fault = (status: number, type: string, code: string, Message: string, Detail: string): FakeAnswer => ({
  status,
  body: { Fault: { Error: [{ Message, Detail, code, element: '' }], type }, time: time() },
});

const validation = (code: string, Message: string, Detail: string) => fault(400, 'ValidationFault', code, Message, Detail);

/** An entity as the API answers it: the fields we keep, plus the metadata every entity carries. */
const entity = (row: Json) => ({ ...row, domain: 'QBO', sparse: false, SyncToken: '0', MetaData: { CreateTime: time() } });

const QUERY =
  /^select \* from (Account|Customer|Vendor|JournalEntry)(?: where Active (?:in \((true|false)(?:, ?(true|false))?\)|= (true|false)))?(?: startposition (\d+))?(?: maxresults (\d+))?$/i;

/** The query language as far as we read it: select * from <entity> [where Active ...] [startposition n] [maxresults m]. */
export function runQuery(company: FakeCompany, statement: string): FakeAnswer {
  const match = QUERY.exec(statement.trim());
  if (!match) return validation('4000', 'Error parsing query', `QueryParserError: Encountered an unexpected token in "${statement}"`);
  const [, name, first, second, equals, start, max] = match;
  const entityName = (['Account', 'Customer', 'Vendor', 'JournalEntry'] as const).find(
    (known) => known.toLowerCase() === name!.toLowerCase(),
  )!;
  const wanted = new Set((equals ? [equals] : first ? [first, second] : ['true']).filter(Boolean).map((value) => value === 'true'));
  const maxResults = Math.min(Number(max ?? 100), 1000);
  const startPosition = Math.max(Number(start ?? 1), 1);
  const rows: Json[] =
    entityName === 'JournalEntry'
      ? company.journalEntries
      : (entityName === 'Account' ? company.accounts : entityName === 'Customer' ? company.customers : company.vendors)
          .filter((row) => wanted.has(row.Active))
          .map((row) => entity(row));
  const page = rows.slice(startPosition - 1, startPosition - 1 + maxResults);
  const QueryResponse = page.length ? { [entityName]: page, startPosition, maxResults: page.length } : {};
  return { status: 200, body: { QueryResponse, time: time() } };
}

const cents = (amount: unknown) => Math.round(Number(amount) * 100);

/** The first reason Intuit would refuse this journal entry, or null. */
function refusal(company: FakeCompany, body: Json): FakeAnswer | null {
  const lines = Array.isArray(body.Line) ? (body.Line as Json[]) : [];
  if (lines.length === 0)
    return validation(
      '2020',
      'Required param missing, need to supply the required value for the API',
      'Required parameter Line is missing in the request',
    );
  for (const line of lines) {
    const detail = line.JournalEntryLineDetail as Json | undefined;
    const amount = Number(line.Amount);
    if (line.DetailType !== 'JournalEntryLineDetail' || !detail)
      return validation(
        '2020',
        'Required param missing, need to supply the required value for the API',
        'Required parameter Line.JournalEntryLineDetail is missing in the request',
      );
    if (!Number.isFinite(amount) || amount < 0 || Math.abs(amount * 100 - cents(amount)) > 1e-6)
      return validation(
        '2050',
        'Invalid String',
        `Line.Amount must be a non-negative amount with at most two decimals, got ${String(line.Amount)}`,
      );
    if (detail.PostingType !== 'Debit' && detail.PostingType !== 'Credit')
      return validation('2170', 'Invalid Enumeration', `Invalid Enumeration : ${String(detail.PostingType)}`);
    const accountId = String((detail.AccountRef as Json | undefined)?.value ?? '');
    const account = company.accounts.find((candidate) => candidate.Id === accountId);
    if (!account) return validation('2500', 'Invalid Reference Id', `Invalid Reference Id : Accounts element id ${accountId} not found`);
    if (!account.Active)
      return validation(
        '610',
        'Object Not Found',
        "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts.",
      );
    const party = detail.Entity as { Type?: string; EntityRef?: { value?: string } } | undefined;
    if (party) {
      const list = party.Type === 'Customer' ? company.customers : party.Type === 'Vendor' ? company.vendors : null;
      const found = list?.find((candidate) => candidate.Id === party.EntityRef?.value);
      if (!found)
        return validation(
          '2500',
          'Invalid Reference Id',
          `Invalid Reference Id : ${String(party.Type)} element id ${String(party.EntityRef?.value)} not found`,
        );
    }
  }
  const sum = (posting: string) =>
    lines
      .filter((line) => (line.JournalEntryLineDetail as Json).PostingType === posting)
      .reduce((total, line) => total + cents(line.Amount), 0);
  if (sum('Debit') !== sum('Credit'))
    return validation(
      '6000',
      'A business validation error has occurred while processing your request',
      'Business Validation Error: Your transaction is not balanced: debits and credits must be equal.',
    );
  return null;
}

/** Creates the entry (numbered per company) or answers why not. */
export function createJournalEntry(company: FakeCompany, body: Json): FakeAnswer {
  const refused = refusal(company, body);
  if (refused) return refused;
  const Id = String(100 + company.journalEntries.length + 1);
  const lines = (body.Line as Json[]).map((line, index) => ({ Id: String(index), ...line }));
  const created = entity({
    Id,
    Adjustment: false,
    TxnDate: body.TxnDate ?? new Date().toISOString().slice(0, 10),
    PrivateNote: body.PrivateNote,
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    Line: lines,
  });
  company.journalEntries.push(created);
  return { status: 200, body: { JournalEntry: created, time: time() } };
}
