import { NIUM_TEST_MARKERS } from '../../src/providers/payouts/nium-test-markers.ts';
import type { FakeAnswer } from '../http-fake.ts';
import type { Beneficiary } from './beneficiaries.ts';
import { credit, debit, sourceFor } from './money-movement.ts';
import {
  NIUM_FAKE_CLIENT,
  convertMinor,
  major,
  majorText,
  minorOf,
  newId,
  niumError,
  rateOf,
  systemReference,
  type Customer,
  type Quote,
} from './state.ts';

type Json = Record<string, unknown>;
type RemittanceStatus =
  | 'INITIATED'
  | 'RFI_REQUESTED'
  | 'RFI_RESPONDED'
  | 'COMPLIANCE_COMPLETED'
  | 'SENT_TO_BANK'
  | 'PAID'
  | 'RETURN'
  | 'REJECTED'
  | 'EXPIRED'
  | 'ERROR';
type Rfi = {
  rfiHashId: string;
  rfiId: string;
  rfiStatus: 'RFI_REQUESTED' | 'RFI_RESPONDED';
  description: string;
  requestInfoFor: string;
  answer?: Json;
};
type Remittance = {
  systemReferenceNumber: string;
  paymentId: string;
  externalId?: string;
  /** The client's tags on the payment ({key, value}), echoed by every webhook. */
  tags: { key: string; value: string }[];
  customer: Customer;
  beneficiary: Beneficiary;
  sourceCurrency: string;
  sourceAmount: number;
  destinationCurrency: string;
  destinationAmount: number;
  exchangeRate: number;
  quoteId?: string;
  status: RemittanceStatus;
  rfis: Rfi[];
  history: { status: RemittanceStatus; at: string }[];
  createdAt: string;
  updatedAt: string;
};

/**
 * Test beneficiaries: a name carrying one of these markers makes Nium raise an RFI on the
 * payment (answered through the RFI API), return it from the beneficiary's bank after it was
 * paid, or reject it at compliance.
 */
export const NIUM_FAKE_MARKERS = NIUM_TEST_MARKERS;
const marked = (remittance: Remittance, marker: string) => String(remittance.beneficiary.beneficiaryName).toLowerCase().includes(marker);
/** Statuses after which nothing moves any more. */
const FINAL = new Set<RemittanceStatus>(['RETURN', 'REJECTED', 'EXPIRED', 'ERROR']);
/** Statuses whose money went back to the wallet (Remittance_Reversal). */
const REVERSED = new Set<RemittanceStatus>(['RETURN', 'REJECTED', 'EXPIRED', 'ERROR']);
const WEBHOOK_OF: Partial<Record<RemittanceStatus, string>> = {
  SENT_TO_BANK: 'REMIT_TRANSACTION_SENT_TO_BANK_WEBHOOK',
  PAID: 'REMIT_TRANSACTION_PAID_WEBHOOK',
  RETURN: 'REMIT_TRANSACTION_RETURNED_WEBHOOK',
  REJECTED: 'REMIT_TRANSACTION_REJECTED_WEBHOOK',
  EXPIRED: 'REMIT_TRANSACTION_EXPIRED_WEBHOOK',
  ERROR: 'REMIT_TRANSACTION_ERROR_WEBHOOK',
};

type Deps = {
  now: () => number;
  quotes: Map<string, Quote>;
  beneficiaries: Map<string, Beneficiary>;
  emit: (kind: 'remitTransaction' | 'transactionCompliance', body: Json) => void;
};

export function createRemittances(deps: Deps) {
  const remittances = new Map<string, Remittance>();
  const iso = () => new Date(deps.now()).toISOString();

  function refuse(message: string, code: string, field?: string): FakeAnswer {
    return niumError(400, message, [{ code, description: message, ...(field ? { field } : {}) }]);
  }

  /** The amounts of a transfer: at the quote's locked rate, or at the live rate without one. */
  function priced(
    payout: Json,
    source: string,
    destination: string,
  ): FakeAnswer | { rate: number; sourceAmount: number; destinationAmount: number; quoteId?: string } {
    const quoteId = (payout.quoteId ?? payout.quote_id) as string | undefined;
    let rate: number;
    if (quoteId) {
      const quote = deps.quotes.get(quoteId);
      if (!quote) return refuse('Quote not found', 'invalid_quote_id', 'payout.quoteId');
      if (deps.now() > quote.expiresAt) return refuse('Quote has expired', 'quote_expired', 'payout.quoteId');
      if (quote.sourceCurrencyCode !== source || quote.destinationCurrencyCode !== destination)
        return refuse('Quote currencies do not match the payout', 'invalid_quote_currency', 'payout.quoteId');
      rate = quote.netExchangeRate;
    } else {
      const live = rateOf(source, destination);
      if (!live) return refuse('Currency pair not supported', 'invalid_currency', 'payout.sourceCurrency');
      rate = live.netExchangeRate;
    }
    const hasSource = payout.sourceAmount !== undefined;
    if (hasSource === (payout.destinationAmount !== undefined))
      return refuse('Either the source or the destination amount is mandatory', 'invalid_input', 'payout');
    if (hasSource) {
      const sourceAmount = minorOf(payout.sourceAmount, source);
      if (sourceAmount === null || sourceAmount <= 0)
        return refuse(`sourceAmount is not an amount of ${source}`, 'invalid_input', 'payout.sourceAmount');
      return { rate, sourceAmount, destinationAmount: convertMinor(sourceAmount, { from: source, to: destination, rate }), quoteId };
    }
    const destinationAmount = minorOf(payout.destinationAmount, destination);
    if (destinationAmount === null || destinationAmount <= 0)
      return refuse(`destinationAmount is not an amount of ${destination}`, 'invalid_input', 'payout.destinationAmount');
    return { rate, destinationAmount, sourceAmount: sourceFor(destinationAmount, { from: source, to: destination, rate }), quoteId };
  }

  function transfer(customer: Customer, walletHashId: string, request: Json): FakeAnswer {
    if (walletHashId !== customer.walletHashId)
      return niumError(400, 'Invalid wallet', [{ code: 'invalid_wallet_hash_id', description: 'Unknown walletHashId' }]);
    const beneficiary = deps.beneficiaries.get(String((request.beneficiary as Json).id));
    if (!beneficiary || beneficiary.customerHashId !== customer.customerHashId)
      return refuse('Beneficiary not found', 'resource_not_found', 'beneficiary.id');
    const externalId = request.externalId as string | undefined;
    if (externalId && [...remittances.values()].some((entry) => entry.customer === customer && entry.externalId === externalId))
      return refuse('A transaction with this externalId exists', 'duplicate_externalId', 'externalId');
    const payout = request.payout as Json;
    const source = (payout.sourceCurrency as string | undefined) ?? 'USD';
    const destination = String(beneficiary.destinationCurrency);
    const price = priced(payout, source, destination);
    if ('status' in price) return price;
    if (!debit(customer.balances, source, price.sourceAmount))
      return refuse('Insufficient balance in the wallet', 'insufficient_balance', 'payout.sourceAmount');
    const now = iso();
    const remittance: Remittance = {
      systemReferenceNumber: systemReference('RT'),
      paymentId: newId(),
      externalId,
      tags: (request.tags as { key: string; value: string }[] | undefined) ?? [],
      customer,
      beneficiary,
      sourceCurrency: source,
      sourceAmount: price.sourceAmount,
      destinationCurrency: destination,
      destinationAmount: price.destinationAmount,
      exchangeRate: price.rate,
      quoteId: price.quoteId,
      status: 'INITIATED',
      rfis: [],
      history: [{ status: 'INITIATED', at: now }],
      createdAt: now,
      updatedAt: now,
    };
    remittances.set(remittance.systemReferenceNumber, remittance);
    return {
      status: 200,
      body: {
        message: 'Remittance has been successfully initiated',
        payment_id: remittance.paymentId,
        system_reference_number: remittance.systemReferenceNumber,
        systemReferenceNumber: remittance.systemReferenceNumber,
        estimatedDeliveryTime: new Date(deps.now() + 86_400_000).toISOString(),
      },
    };
  }

  function move(remittance: Remittance, status: RemittanceStatus) {
    remittance.status = status;
    remittance.updatedAt = iso();
    remittance.history.push({ status, at: remittance.updatedAt });
    if (REVERSED.has(status)) credit(remittance.customer.balances, remittance.sourceCurrency, remittance.sourceAmount);
    const template = WEBHOOK_OF[status];
    if (template) deps.emit('remitTransaction', webhookBody(remittance, template));
    if (status === 'RFI_REQUESTED' || status === 'RFI_RESPONDED') deps.emit('transactionCompliance', complianceNudge(remittance));
  }

  function raiseRfi(remittance: Remittance, requestInfoFor = 'creditor_firstName') {
    remittance.rfis.push({
      rfiHashId: newId(),
      rfiId: newId(),
      rfiStatus: 'RFI_REQUESTED',
      description: requestInfoFor.startsWith('creditor') ? 'Confirm the beneficiary details' : 'Confirm the remitter details',
      requestInfoFor,
    });
    move(remittance, 'RFI_REQUESTED');
  }

  /** One step of Nium's processing for every payment that can move (the sandbox's clock tick). */
  function process() {
    for (const remittance of remittances.values()) {
      if (FINAL.has(remittance.status)) continue;
      const step: Partial<Record<RemittanceStatus, () => void>> = {
        INITIATED: () => {
          if (marked(remittance, NIUM_FAKE_MARKERS.rejected)) return move(remittance, 'REJECTED');
          if (marked(remittance, NIUM_FAKE_MARKERS.rfi)) return raiseRfi(remittance);
          move(remittance, 'COMPLIANCE_COMPLETED');
        },
        RFI_RESPONDED: () => move(remittance, 'COMPLIANCE_COMPLETED'),
        COMPLIANCE_COMPLETED: () => move(remittance, 'SENT_TO_BANK'),
        SENT_TO_BANK: () => move(remittance, 'PAID'),
        PAID: () => {
          if (marked(remittance, NIUM_FAKE_MARKERS.returned)) move(remittance, 'RETURN');
        },
      };
      step[remittance.status]?.();
    }
  }

  function find(customer: Customer, walletHashId: string, reference: string): Remittance | null {
    const remittance = remittances.get(reference);
    return remittance && remittance.customer === customer && customer.walletHashId === walletHashId ? remittance : null;
  }

  function audit(customer: Customer, walletHashId: string, reference: string): FakeAnswer {
    const remittance = find(customer, walletHashId, reference);
    if (!remittance)
      return niumError(404, 'Transaction not found', [
        { code: 'invalid_system_reference_number', description: 'No remittance with this reference' },
      ]);
    return {
      status: 200,
      body: remittance.history.map((entry) => ({
        systemReferenceNumber: remittance.systemReferenceNumber,
        paymentReferenceNumber: remittance.paymentId,
        ...(remittance.externalId ? { externalId: remittance.externalId } : {}),
        status: entry.status,
        statusDetails: entry.status === 'RETURN' ? 'Returned by the beneficiary bank' : entry.status,
        lastUpdatedAt: entry.at,
        ...(entry.status === 'RETURN' ? { errorCode: 'AC04', errorDescription: 'Closed account number' } : {}),
        paymode: 'LOCAL',
      })),
    };
  }

  function respondRfi(customer: Customer, walletHashId: string, reference: string, request: Json): FakeAnswer {
    const remittance = find(customer, walletHashId, reference);
    if (!remittance)
      return niumError(404, 'Transaction not found', [
        { code: 'invalid_system_reference_number', description: 'No remittance with this reference' },
      ]);
    const answers = request.rfiResponseRequest as { rfiHashId: string; rfiResponseInfo: Json }[];
    const open = new Map(remittance.rfis.filter((rfi) => rfi.rfiStatus === 'RFI_REQUESTED').map((rfi) => [rfi.rfiHashId, rfi]));
    if (remittance.status !== 'RFI_REQUESTED' || answers.some((answer) => !open.has(answer.rfiHashId)))
      return refuse('No open RFI with this rfiHashId', 'invalid_input', 'rfiResponseRequest.rfiHashId');
    for (const answer of answers)
      Object.assign(open.get(answer.rfiHashId)!, { rfiStatus: 'RFI_RESPONDED', answer: answer.rfiResponseInfo });
    if (remittance.rfis.every((rfi) => rfi.rfiStatus === 'RFI_RESPONDED')) move(remittance, 'RFI_RESPONDED');
    return { status: 200, body: { complianceId: remittance.rfis[0]!.rfiId, status: remittance.status, remarks: 'RFI response received' } };
  }

  /** POST /api/v1/simulations/transactions/{systemReferenceNumber}/transition: Nium's sandbox simulator. */
  function simulate(reference: string, request: Json): FakeAnswer {
    const remittance = remittances.get(reference);
    if (!remittance)
      return niumError(404, 'Transaction not found', [
        { code: 'invalid_system_reference_number', description: 'No remittance with this reference' },
      ]);
    if (FINAL.has(remittance.status)) return refuse(`The transaction is ${remittance.status}`, 'invalid_status_transition');
    const next = request.nextStatus as RemittanceStatus;
    if (next === 'RFI_REQUESTED') raiseRfi(remittance, request.requestInfoFor as string | undefined);
    else move(remittance, next);
    return { status: 200, body: { systemReferenceNumber: reference, status: remittance.status } };
  }

  function transaction(remittance: Remittance): Json {
    return {
      transactionType: 'Remittance_Debit_External',
      status: remittance.status,
      authCode: remittance.systemReferenceNumber,
      authCurrencyCode: remittance.sourceCurrency,
      authAmount: major(remittance.sourceAmount, remittance.sourceCurrency),
      transactionCurrencyCode: remittance.destinationCurrency,
      billingAmount: major(remittance.destinationAmount, remittance.destinationCurrency),
      billingCurrencyCode: remittance.destinationCurrency,
      ...(remittance.externalId ? { externalId: remittance.externalId } : {}),
      debit: true,
      createdAt: remittance.createdAt,
      updatedAt: remittance.updatedAt,
      labels: { systemReferenceNumber: remittance.systemReferenceNumber, exchangeRate: String(remittance.exchangeRate) },
      complianceStatus: remittance.status === 'RFI_REQUESTED' || remittance.status === 'RFI_RESPONDED' ? remittance.status : 'COMPLETED',
      rfiDetails: remittance.rfis.map((rfi) => ({
        rfiHashId: rfi.rfiHashId,
        rfiId: rfi.rfiId,
        rfiStatus: rfi.rfiStatus,
        description: rfi.description,
        remarks: `Please provide ${rfi.requestInfoFor}`,
        mandatory: true,
        type: 'data',
        transactionEntityType: rfi.requestInfoFor.startsWith('creditor') ? 'CREDITOR' : 'DEBTOR',
        requiredData: [{ type: 'string', label: rfi.description, keyName: rfi.requestInfoFor.split('_')[1] }],
      })),
    };
  }

  function list(customer: Customer, walletHashId: string, query: URLSearchParams): FakeAnswer {
    if (walletHashId !== customer.walletHashId)
      return niumError(400, 'Invalid wallet', [{ code: 'invalid_wallet_hash_id', description: 'Unknown walletHashId' }]);
    const externalId = query.get('externalId');
    const reference = query.get('systemReferenceNumber');
    const size = Number(query.get('size') ?? 20);
    const page = Number(query.get('page') ?? 0);
    const found = [...remittances.values()].filter(
      (entry) =>
        entry.customer === customer &&
        (!externalId || entry.externalId === externalId) &&
        (!reference || entry.systemReferenceNumber === reference),
    );
    return {
      status: 200,
      body: {
        totalPages: Math.ceil(found.length / size),
        totalElements: found.length,
        content: found.slice(page * size, (page + 1) * size).map(transaction),
      },
    };
  }

  function webhookBody(remittance: Remittance, template: string): Json {
    const account = String(remittance.beneficiary.beneficiaryAccountNumber ?? remittance.beneficiary.proxyValue ?? '');
    return {
      clientHashId: NIUM_FAKE_CLIENT.clientHashId,
      customerHashId: remittance.customer.customerHashId,
      walletHashId: remittance.customer.walletHashId,
      transactionCurrency: remittance.destinationCurrency,
      transactionAmount: majorText(remittance.destinationAmount, remittance.destinationCurrency),
      systemReferenceNumber: remittance.systemReferenceNumber,
      exchangeRate: remittance.exchangeRate.toFixed(9),
      beneficiaryName: String(remittance.beneficiary.beneficiaryName),
      beneficiaryAccountNumber: `xxxxxx${account.slice(-4)}`,
      beneficiaryBankName: String(remittance.beneficiary.beneficiaryBankName ?? 'Beneficiary bank'),
      billingCurrency: remittance.sourceCurrency,
      billingAmount: majorText(remittance.sourceAmount, remittance.sourceCurrency),
      template,
      tags: remittance.tags,
      ...(remittance.externalId ? { externalId: remittance.externalId } : {}),
      ...(template === 'REMIT_TRANSACTION_RETURNED_WEBHOOK' ? { statusDetails: 'AC04 Closed account number' } : {}),
    };
  }

  const complianceNudge = (remittance: Remittance): Json => ({
    type: 'TRANSACTION',
    value: remittance.systemReferenceNumber,
    clientHashId: NIUM_FAKE_CLIENT.clientHashId,
    customerHashId: remittance.customer.customerHashId,
    walletHashId: remittance.customer.walletHashId,
    tags: remittance.tags,
    ...(remittance.externalId ? { externalId: remittance.externalId } : {}),
  });

  return { remittances, transfer, process, audit, respondRfi, simulate, list };
}
