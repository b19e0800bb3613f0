import { randomBytes } from 'node:crypto';
import type { FakeAnswer } from './http-fake.ts';
import { TEST_ROUTING_NUMBER } from './stripe-payments-data.ts';
import { fakeId, unixNow, view, type Json, type StripeError } from './stripe-payments-money.ts';

type Session = Json & { id: string; account: string | undefined; customer: string; permissions: string[]; accounts: string[] };
type LinkedAccount = Json & {
  id: string;
  account: string | undefined;
  customer: string;
  account_number: string;
  manual_entry: boolean;
  permissions: string[];
};

/**
 * Customers and Stripe Financial Connections, on the platform or a connected account: a Session
 * for a customer with the payment_method permission (its client_secret opens the bank login in
 * Stripe.js), the accounts the payer links in it, and their use as a bank debit's payment method
 * (only by the same customer, on the same account, with that permission). `linkAccount` plays the
 * payer's part in Stripe.js's collectFinancialConnectionsAccounts.
 */
export function createBankAccounts(error: StripeError) {
  const customers = new Map<string, Json & { account: string | undefined }>();
  const sessions = new Map<string, Session>();
  const linked = new Map<string, LinkedAccount>();

  const missing = (what: string) => error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` });
  const invalid = (param: string, message: string) =>
    error(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });

  const accountView = (account: LinkedAccount) => {
    // Stripe's Financial Connections account shows the last four digits, never the numbers (routing_number is not one of its fields).
    const { account_number: number, customer, manual_entry: _manual, routing_number: _routing, ...rest } = view(account) as LinkedAccount;
    return { ...rest, account_holder: { type: 'customer', customer }, last4: number.slice(-4) };
  };
  const sessionView = (session: Session) => {
    const { accounts, customer, ...rest } = view(session) as Session;
    const data = accounts.map((id) => accountView(linked.get(id)!));
    return { ...rest, account_holder: { type: 'customer', customer }, accounts: { object: 'list', data, has_more: false } };
  };

  function createSession(params: Json, account: string | undefined): FakeAnswer {
    const holder = params.account_holder as { type?: string; customer?: string } | undefined;
    if (holder?.type !== 'customer' || !holder.customer) return invalid('account_holder', 'A Session needs account_holder[customer]');
    const customer = customers.get(holder.customer);
    if (!customer || customer.account !== account) return missing(`customer: '${holder.customer}'`);
    const permissions = (params.permissions as string[] | undefined) ?? [];
    if (permissions.length === 0) return invalid('permissions', 'A Session needs permissions');
    const session: Session = {
      id: fakeId('fcsess'),
      object: 'financial_connections.session',
      account,
      customer: holder.customer,
      client_secret: `fcsess_client_secret_${randomBytes(16).toString('hex')}`,
      livemode: false,
      permissions,
      filters: params.filters ?? null,
      accounts: [],
    };
    sessions.set(session.id, session);
    return { status: 200, body: sessionView(session) };
  }

  function post(path: string, params: Json, account: string | undefined): FakeAnswer | null {
    if (path === '/v1/customers') {
      const customer = {
        id: fakeId('cus'),
        object: 'customer',
        account,
        created: unixNow(),
        ...pick(params, ['email', 'name', 'metadata']),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: view(customer) };
    }
    if (path === '/v1/financial_connections/sessions') return createSession(params, account);
    return null;
  }

  function get(path: string, account: string | undefined, query: URLSearchParams): FakeAnswer | null {
    if (path === '/v1/customers') {
      const email = query.get('email');
      const data = [...customers.values()].filter((customer) => customer.account === account && (!email || customer.email === email));
      return { status: 200, body: { object: 'list', data: data.map(view), has_more: false } };
    }
    const [, , collection, kind, id] = path.split('/');
    if (collection !== 'financial_connections' || !id) return null;
    if (kind === 'sessions') {
      const session = sessions.get(id);
      return session && session.account === account
        ? { status: 200, body: sessionView(session) }
        : missing('financial_connections.session');
    }
    if (kind === 'accounts') {
      const found = linked.get(id);
      return found && found.account === account ? { status: 200, body: accountView(found) } : missing('financial_connections.account');
    }
    return null;
  }

  return {
    post,
    get,
    /**
     * Stripe.js's collectFinancialConnectionsAccounts with the Session's client secret: the payer
     * logs in to their bank and links one account (manual entry: typed numbers, verified by micro-deposits).
     */
    linkAccount(clientSecret: string, bank: { account_number: string; institution?: string; manual_entry?: boolean }) {
      const session = [...sessions.values()].find((candidate) => candidate.client_secret === clientSecret);
      if (!session) throw new Error('No Financial Connections session has this client secret');
      const found: LinkedAccount = {
        id: fakeId('fca'),
        object: 'financial_connections.account',
        account: session.account,
        customer: session.customer,
        account_number: bank.account_number,
        manual_entry: bank.manual_entry ?? false,
        category: 'cash',
        subcategory: 'checking',
        display_name: 'Checking',
        institution_name: bank.institution ?? 'StripeBank',
        permissions: session.permissions,
        routing_number: TEST_ROUTING_NUMBER,
        status: 'active',
        created: unixNow(),
      };
      linked.set(found.id, found);
      session.accounts.push(found.id);
      return { session: sessionView(session), account: accountView(found) };
    },
    /** A linked account as a debit's payment method: refused unless it is this customer's, on this account, with payment_method permission. */
    accountFor(id: string, account: string | undefined, customer: string | undefined): { found: LinkedAccount } | { refused: FakeAnswer } {
      const found = linked.get(id);
      if (!found || found.account !== account) return { refused: missing(`financial_connections.account: '${id}'`) };
      if (!found.permissions.includes('payment_method'))
        return {
          refused: invalid(
            'payment_method_data[us_bank_account][financial_connections_account]',
            'The account lacks the payment_method permission',
          ),
        };
      if (customer !== found.customer)
        return { refused: invalid('customer', 'The Financial Connections account belongs to another customer: pass its customer') };
      return { found };
    },
  };
}

function pick(params: Json, keys: string[]): Json {
  return Object.fromEntries(keys.filter((key) => params[key] !== undefined).map((key) => [key, params[key]]));
}

export type BankAccounts = ReturnType<typeof createBankAccounts>;
