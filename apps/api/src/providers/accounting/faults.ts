import { ProviderCallError } from '../contract.ts';
import { QuickbooksHttpError, type QuickbooksFault } from '../clients/quickbooks-client.ts';
import { AccountingAuthError, AccountingReconnectError, AccountingValidationFault } from './types.ts';

/**
 * Intuit's answers as the errors the accounting module understands, each with a sentence a person
 * can act on (docs/accounting.md, Errors). Intuit's own Message and Detail are kept in brackets:
 * they name the account or field at fault.
 */

/** How long to wait after a 429 that gave no Retry-After: Intuit's limits are counted per minute. */
const THROTTLE_WAIT_MS = 60_000;

const QUICKBOOKS_MESSAGES = {
  throttled: 'QuickBooks is limiting requests for this company (too many in a minute): try again in a minute',
  unavailable: 'QuickBooks is not answering right now: try again in a minute',
  badKeys: "QuickBooks refused Crewpay's app keys: the operator must check QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET",
  badCode: 'QuickBooks refused the authorization: connect again',
  noAccess:
    'The QuickBooks user who connected Crewpay no longer has access to this company (or its subscription lapsed): connect again as an admin of the company',
} as const;

const SENTENCES: Record<string, (said: string) => string> = {
  '610': (said) => `An account, customer or vendor on this entry is inactive in QuickBooks (${said})`,
  '2500': (said) => `QuickBooks does not know an account, customer or vendor on this entry (${said})`,
  '6000': (said) => `QuickBooks refused the entry (${said})`,
  '6190': (said) => `The QuickBooks subscription has ended or has a billing problem: QuickBooks takes no new entries (${said})`,
  '120': () => QUICKBOOKS_MESSAGES.noAccess,
};

/** The first Error of a Fault in words: our sentence for the codes we know, Intuit's own words otherwise. */
function faultMessage(fault: QuickbooksFault | null): { code: string; message: string } {
  const [first] = fault?.Error ?? [];
  const code = first?.code || 'fault';
  const said = [first?.Message, first?.Detail].filter(Boolean).join(': ') || 'no reason given';
  const sentence = SENTENCES[code];
  return { code, message: sentence ? sentence(said) : `QuickBooks refused the request (${said})` };
}

/** Outages and the company's request limit are tried again by the outbox; QuickBooks' Retry-After is honoured. */
function retryable(error: QuickbooksHttpError): ProviderCallError | null {
  if (error.status === 429)
    return new ProviderCallError({
      code: 'qb_throttled',
      retryable: true,
      message: QUICKBOOKS_MESSAGES.throttled,
      retryAfterMs: error.retryAfterMs ?? THROTTLE_WAIT_MS,
    });
  if (error.status >= 500)
    return new ProviderCallError({ code: 'qb_unavailable', retryable: true, message: QUICKBOOKS_MESSAGES.unavailable });
  return null;
}

/** An Accounting API answer (read or create) as our errors: 401 refresh and try again, 403 no access, 400 a refusal. */
export function apiError(error: unknown): unknown {
  if (!(error instanceof QuickbooksHttpError)) return error;
  if (error.status === 401) return new AccountingAuthError();
  if (error.status === 403) return new AccountingValidationFault(faultMessage(error.fault).code, QUICKBOOKS_MESSAGES.noAccess);
  const later = retryable(error);
  if (later) return later;
  const { code, message } = faultMessage(error.fault);
  return new AccountingValidationFault(code, message);
}

/** The token endpoint's answers: invalid_grant is a refused code or refresh token, invalid_client wrong app keys. */
export function tokenError(error: unknown, grant: 'authorization_code' | 'refresh_token'): unknown {
  if (!(error instanceof QuickbooksHttpError)) return error;
  const later = retryable(error);
  if (later) return later;
  if (error.status === 401 || error.oauthError === 'invalid_client')
    return new ProviderCallError({ code: 'qb_invalid_client', retryable: false, message: QUICKBOOKS_MESSAGES.badKeys });
  if (grant === 'refresh_token') return new AccountingReconnectError();
  return new AccountingValidationFault(error.oauthError ?? 'invalid_grant', QUICKBOOKS_MESSAGES.badCode);
}
