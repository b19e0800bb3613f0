/** QuickBooks Online's shapes, as its Accounting API names them. */
export type QbAccount = { Id: string; Name: string; Classification: string; AccountType: string; Active: boolean };
export type QbParty = { Id: string; DisplayName: string };
export type AccountingTokens = {
  realm_id: string;
  access_token: string;
  refresh_token: string;
  access_expires_at: Date;
  /** When the refresh token ends (Intuit: 100 days, renewed by each refresh); past it, only connecting again helps. */
  refresh_expires_at: Date;
};
export type AccountingAuth = { realm_id: string; access_token: string };

export type JournalLineInput = {
  /** Dollars with two decimals, as QuickBooks takes them. */
  Amount: number;
  Description: string;
  PostingType: 'Debit' | 'Credit';
  AccountRef: { value: string };
  /** The customer or vendor the line is about (QuickBooks' JournalEntryLineDetail.Entity). */
  Entity?: { Type: 'Customer' | 'Vendor'; EntityRef: { value: string; name?: string } };
};

export type JournalEntryInput = {
  /** QuickBooks' requestid: the same id twice creates one entry and answers it again. */
  request_id: string;
  TxnDate: string;
  PrivateNote: string;
  Line: JournalLineInput[];
};

/** The access token was refused (expired or revoked): refresh it and try again once. */
export class AccountingAuthError extends Error {
  constructor() {
    super('AuthenticationFailed');
    this.name = 'AccountingAuthError';
  }
}

/**
 * The refresh token was refused (expired after 100 days unused, revoked, or the app disconnected
 * in QuickBooks): no call can succeed until the organisation connects again.
 */
export class AccountingReconnectError extends Error {
  constructor() {
    super('The QuickBooks connection has expired: connect again');
    this.name = 'AccountingReconnectError';
  }
}

/** QuickBooks refused the request (a ValidationFault): retrying the same request cannot succeed. */
export class AccountingValidationFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AccountingValidationFault';
  }
}

/**
 * Where the person grants Crewpay access: the sandbox's own consent page, whose Connect grants a
 * code at once, or Intuit's authorization page, which sends the browser back to the callback.
 */
export type AccountingConsent =
  | { kind: 'sandbox'; grant(input: { org_id: string }): Promise<{ code: string; realm_id: string; company_name: string }> }
  | { kind: 'intuit'; authorizationUrl(state: string): string };

/** An accounting service (QuickBooks Online). No call takes a transaction: they are made with none open. */
export type AccountingProvider = {
  /** Which adapter issued a connection's tokens (stored with them: another adapter's tokens mean connect again). */
  name: 'quickbooks-sandbox' | 'quickbooks-online';
  consent: AccountingConsent;
  exchangeCode(input: { code: string; realm_id: string }): Promise<AccountingTokens>;
  refresh(input: { realm_id: string; refresh_token: string }): Promise<AccountingTokens>;
  revoke(input: { realm_id: string; refresh_token: string }): Promise<void>;
  listAccounts(auth: AccountingAuth): Promise<QbAccount[]>;
  listVendors(auth: AccountingAuth): Promise<QbParty[]>;
  listCustomers(auth: AccountingAuth): Promise<QbParty[]>;
  createJournalEntry(auth: AccountingAuth, entry: JournalEntryInput): Promise<{ Id: string }>;
};
