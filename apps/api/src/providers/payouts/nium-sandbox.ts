import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { convertMinor, sourceForMinor } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { sandboxEvents, sandboxRequests } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { NIUM_PROVIDER, niumExternalId } from '../clients/nium-client.ts';
import { ProviderCallError } from '../contract.ts';
import { SANDBOX_PROVIDER, scheduleSandboxEvents } from '../sandbox-events.ts';
import { onceForKey, onceForKeyAnswering } from '../sandbox-requests.ts';
import { niumBeneficiaryRequest, remittanceEventType } from './nium-mapping.ts';
import { checkedBeneficiary, type NiumPayouts } from './nium-payouts.ts';
import { niumSandboxRate } from './nium-sandbox-rates.ts';
import { niumTestOutcome, type NiumTestOutcome } from './nium-test-markers.ts';
import type { FxQuote, TransferState, TransferStatus } from './types.ts';

type Deps = Pick<AppDeps, 'config' | 'db' | 'secrets'>;
type SandboxQuote = FxQuote & { org_id: string };
type SandboxBeneficiary = { beneficiary_id: string; payout_method_id: string; org_id: string; currency: string; outcome: NiumTestOutcome };
type SandboxTransfer = {
  transfer_id: string;
  org_id: string;
  payment_id: string;
  rfi_id: string | null;
  created_at: string;
  /** What it converts (minor units of each side) and at what rate, which its events carry as Nium's webhooks do. */
  money?: { source_currency: string; source_amount: number; destination_currency: string; destination_amount: number; rate: string };
};

/** How long a shown quote holds its rate on the sandbox clock (the live provider's default lock, 15_mins). */
const QUOTE_LOCK_MS = 15 * 60_000;
/** The sandbox's record keys in sandbox_requests (sealed JSON, as every sandbox answer). */
type Kind = 'quote' | 'beneficiary' | 'transfer' | 'transfer-id' | 'rfi-answer';
const key = (kind: Kind, id: string) => `nium:${kind}:${id}`;
/** A kept quote as the provider answers it (the organisation is ours, not the quote's). */
function withoutOrg(quote: SandboxQuote): FxQuote {
  const answer: Partial<SandboxQuote> = { ...quote };
  delete answer.org_id;
  return answer as FxQuote;
}
/** Nium's systemReferenceNumber: RT and ten digits. */
const systemReference = () => `RT${String(randomBytes(5).readUIntBE(0, 5) % 1e10).padStart(10, '0')}`;

async function record<T>(deps: Deps, kind: Kind, id: string): Promise<T | null> {
  const [row] = await deps.db
    .select()
    .from(sandboxRequests)
    .where(eq(sandboxRequests.idempotency_key, key(kind, id)));
  if (!row || row.response_sealed === '') return null;
  return JSON.parse(deps.secrets.decrypt(row.response_sealed)) as T;
}
const keep = <T>(deps: Deps, kind: Kind, id: string, work: (tx: Tx) => Promise<T>) =>
  onceForKey(deps, { provider: SANDBOX_PROVIDER, operation: `nium.${kind}`, idempotency_key: key(kind, id) }, work);
/**
 * Keeps a new record under an id the sandbox has just made (a quote, a beneficiary): nothing can
 * repeat it, so it is one insert rather than keep's claim, work and answer in a transaction.
 */
async function store<T>(deps: Deps, kind: Kind, id: string, answer: T): Promise<T> {
  await deps.db.insert(sandboxRequests).values({
    idempotency_key: key(kind, id),
    provider: SANDBOX_PROVIDER,
    operation: `nium.${kind}`,
    response_sealed: deps.secrets.encrypt(JSON.stringify(answer)),
  });
  return answer;
}

/**
 * Nium in the sandbox, as the fake and Nium's own sandbox behave: payout quotes at fixed rates
 * (nium-sandbox-rates.ts) that lock for 15 minutes of the sandbox clock and are then refused
 * (quote_expired); beneficiaries checked against their corridor; a transfer keyed by the same
 * externalId as live (a repeat answers the first), whose statuses are scheduled as sandbox events
 * nium.remittance.<status> one third of the ACH delay apart: compliance_completed, sent_to_bank,
 * paid; a payee whose name carries a test marker (nium-test-markers.ts) is returned after it was
 * paid, rejected at compliance, or held on an RFI until respondRfi answers it. getRemittance reads
 * the statuses whose time has come. The wallet's balance is the ledger's (the sandbox keeps none).
 */
export function createSandboxNiumPayouts(deps: Deps): NiumPayouts {
  const stepMs = Math.max(1, Math.floor((deps.config.sandboxAchDelaySeconds * 1000) / 3));

  const event = (transfer: SandboxTransfer, status: TransferStatus, dueAt: Date) => ({
    org_id: transfer.org_id,
    type: remittanceEventType(status),
    object_id: transfer.transfer_id,
    data: {
      payment_id: transfer.payment_id,
      ...(transfer.money
        ? {
            source_currency: transfer.money.source_currency,
            source_amount: String(transfer.money.source_amount),
            destination_currency: transfer.money.destination_currency,
            destination_amount: String(transfer.money.destination_amount),
            rate: transfer.money.rate,
          }
        : {}),
    },
    due_at: dueAt,
  });
  /** The statuses after compliance, `start` being when compliance completes. */
  const fromCompliance = (transfer: SandboxTransfer, start: number, outcome: NiumTestOutcome) => [
    event(transfer, 'compliance_completed', new Date(start)),
    event(transfer, 'sent_to_bank', new Date(start + stepMs)),
    event(transfer, 'paid', new Date(start + 2 * stepMs)),
    ...(outcome === 'returned' ? [event(transfer, 'returned', new Date(start + 3 * stepMs))] : []),
  ];

  async function quoteOrExpired(orgId: string, quoteId: string): Promise<SandboxQuote> {
    const quote = await record<SandboxQuote>(deps, 'quote', quoteId);
    if (!quote || quote.org_id !== orgId) throw new ProviderCallError({ code: 'invalid_quote_id', retryable: false });
    if (Date.parse(quote.expires_at) <= (await sandboxNow(deps.db)).getTime())
      throw new ProviderCallError({ code: 'quote_expired', retryable: false });
    return quote;
  }

  async function state(orgId: string, transferId: string): Promise<TransferState> {
    const transfer = await record<SandboxTransfer>(deps, 'transfer-id', transferId);
    if (!transfer || transfer.org_id !== orgId) throw new ProviderCallError({ code: 'invalid_system_reference_number', retryable: false });
    const now = await sandboxNow(deps.db);
    const rows = await deps.db
      .select({ type: sandboxEvents.type, due_at: sandboxEvents.due_at })
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.object_id, transferId), like(sandboxEvents.type, 'nium.remittance.%')))
      .orderBy(asc(sandboxEvents.due_at));
    const history = [
      { status: 'initiated' as TransferStatus, at: transfer.created_at },
      ...rows
        .filter((row) => row.due_at <= now)
        .map((row) => ({ status: row.type.replace('nium.remittance.', '') as TransferStatus, at: row.due_at.toISOString() })),
    ];
    const status = history.at(-1)!.status;
    const answered = transfer.rfi_id ? await record<{ answered_at: string }>(deps, 'rfi-answer', transfer.transfer_id) : null;
    const rfiRaised = history.some((entry) => entry.status === 'rfi_requested');
    return {
      transfer_id: transferId,
      status,
      provider_status: status.toUpperCase(),
      rfis:
        transfer.rfi_id && rfiRaised
          ? [
              {
                rfi_id: transfer.rfi_id,
                status: answered ? 'RFI_RESPONDED' : 'RFI_REQUESTED',
                description: 'Confirm the beneficiary details',
                fields: ['firstName'],
              },
            ]
          : [],
      history,
    };
  }

  return {
    name: NIUM_PROVIDER,

    async quote(request) {
      const rate = niumSandboxRate(request.source_currency, request.destination_currency);
      if (!rate) throw new ProviderCallError({ code: 'invalid_currency', retryable: false });
      const id = randomUUID();
      const now = await sandboxNow(deps.db);
      const net = String(rate.netExchangeRate);
      const source = 'source_amount' in request ? (request.source_amount as number) : null;
      const destination = 'destination_amount' in request ? (request.destination_amount as number) : null;
      const quote: SandboxQuote = {
        org_id: request.org_id,
        quote_id: id,
        source_currency: request.source_currency,
        destination_currency: request.destination_currency,
        rate: net,
        market_rate: String(rate.exchangeRate),
        // A fixed destination is priced as Nium prices its transfer: the least source that buys it.
        source_amount:
          source === null && destination !== null
            ? sourceForMinor(destination, { from: request.source_currency, to: request.destination_currency, rate: net })
            : source,
        destination_amount:
          source === null
            ? destination
            : convertMinor(source, { from: request.source_currency, to: request.destination_currency, rate: net }),
        fee: 0,
        expires_at: new Date(now.getTime() + QUOTE_LOCK_MS).toISOString(),
      };
      return withoutOrg(await store(deps, 'quote', id, quote));
    },

    async lockQuote({ org_id, quote_id }) {
      return withoutOrg(await quoteOrExpired(org_id, quote_id));
    },

    async createBeneficiary(input) {
      const checked = checkedBeneficiary(input);
      niumBeneficiaryRequest(checked); // the same mapping as live: a corridor it cannot send fails here too
      const id = randomBytes(16).toString('hex');
      const created = await store<SandboxBeneficiary>(deps, 'beneficiary', id, {
        beneficiary_id: id,
        payout_method_id: randomUUID(),
        org_id: input.org_id,
        currency: input.currency,
        outcome: niumTestOutcome(checked.fields.account_holder_name ?? ''),
      });
      return { beneficiary_id: created.beneficiary_id, payout_method_id: created.payout_method_id };
    },

    async transfer(request) {
      const payee = await record<SandboxBeneficiary>(deps, 'beneficiary', request.beneficiary_id);
      if (!payee || payee.org_id !== request.org_id) throw new ProviderCallError({ code: 'resource_not_found', retryable: false });
      const quote = request.quote_id ? await quoteOrExpired(request.org_id, request.quote_id) : null;
      const rate = quote?.rate ?? String(niumSandboxRate(request.source_currency, request.destination_currency)?.netExchangeRate ?? '');
      if (!rate) throw new ProviderCallError({ code: 'invalid_currency', retryable: false });
      // A fixed destination costs the least source that buys it at the rate (rounded up, as the fake and Nium).
      const source =
        'source' in request.amount
          ? request.amount.source
          : sourceForMinor(request.amount.destination, { from: request.source_currency, to: request.destination_currency, rate });
      const destination =
        'destination' in request.amount
          ? request.amount.destination
          : convertMinor(source, { from: request.source_currency, to: request.destination_currency, rate });
      const money = {
        source_currency: request.source_currency,
        source_amount: source,
        destination_currency: request.destination_currency,
        destination_amount: destination,
        rate,
      };
      const externalId = niumExternalId(request.idempotency_key, request.payment_id);
      const transfer = await onceForKeyAnswering(
        deps,
        { provider: SANDBOX_PROVIDER, operation: 'nium.transfer', idempotency_key: key('transfer', externalId) },
        {
          answer: async (tx): Promise<SandboxTransfer> => ({
            transfer_id: systemReference(),
            org_id: request.org_id,
            payment_id: request.payment_id,
            rfi_id: payee.outcome === 'rfi' ? randomUUID() : null,
            created_at: (await sandboxNow(tx)).toISOString(),
            money,
          }),
          work: async (tx, started) => {
            // Found again by its reference (getRemittance, respondRfi).
            await tx.insert(sandboxRequests).values({
              idempotency_key: key('transfer-id', started.transfer_id),
              provider: SANDBOX_PROVIDER,
              operation: 'nium.transfer-id',
              response_sealed: deps.secrets.encrypt(JSON.stringify(started)),
            });
            const first = Date.parse(started.created_at) + stepMs;
            const events =
              payee.outcome === 'rejected'
                ? [event(started, 'rejected', new Date(first))]
                : payee.outcome === 'rfi'
                  ? [event(started, 'rfi_requested', new Date(first))]
                  : fromCompliance(started, first, payee.outcome);
            await scheduleSandboxEvents(tx, events);
          },
        },
      );
      const estimated = new Date(Date.parse(transfer.created_at) + 3 * stepMs).toISOString();
      return { payment_id: request.payment_id, transfer_id: transfer.transfer_id, status: 'initiated', estimated_arrival: estimated };
    },

    getRemittance: ({ org_id, transfer_id }) => state(org_id, transfer_id),

    async respondRfi({ org_id, transfer_id, answers }) {
      const current = await state(org_id, transfer_id);
      const open = current.rfis.find((rfi) => rfi.status === 'RFI_REQUESTED');
      if (current.status !== 'rfi_requested' || !open || !answers.some((answer) => answer.rfi_id === open.rfi_id))
        throw new ProviderCallError({ code: 'rfi_not_open', retryable: false });
      const transfer = (await record<SandboxTransfer>(deps, 'transfer-id', transfer_id))!;
      await keep(deps, 'rfi-answer', transfer_id, async (tx) => {
        const now = (await sandboxNow(tx)).getTime();
        await scheduleSandboxEvents(tx, [event(transfer, 'rfi_responded', new Date(now)), ...fromCompliance(transfer, now + stepMs, null)]);
        return { answered_at: new Date(now).toISOString() };
      });
      return state(org_id, transfer_id);
    },
  };
}
