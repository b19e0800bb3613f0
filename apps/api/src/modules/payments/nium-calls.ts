import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { niumPayouts, niumQuotes, payments } from '../../db/schema/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import type { StartedTransfer } from '../../providers/payouts/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { findLedgerAccounts, niumSentEntries, postTransfer, type WalletAccounts } from '../ledger/index.ts';
import { findPayeeAbroadById, niumProvider, payeeAbroadFields, recordBeneficiary } from '../nium/index.ts';
import type { ProviderOperation } from '../provider-calls/index.ts';
import { NIUM_TRANSFER, quotedFigures, type NiumTransferRequest } from './nium-execution.ts';
import type { Tx } from '../../db/client.ts';
import { sentKey, settleAbroad } from './nium-settle.ts';

/**
 * The quote a payment sent without one Execute locked converts at (a schedule's run, an approval,
 * a payee's details arriving, an execution through the API without quote_ids): asked from Nium
 * here, with no transaction open, and kept on the payout row before the transfer, so the books
 * take exactly its figures and a retry (the first answer lost) sends the same quote again. A
 * quote that ran out before the retry is refused by Nium: the payment fails with its dollars
 * back, never converted at another rate.
 */
async function quoteForTransfer(deps: AppDeps, orgId: string, request: NiumTransferRequest): Promise<string> {
  const ofPayment = and(eq(niumPayouts.org_id, orgId), eq(niumPayouts.payment_id, request.payment_id));
  const [payout] = await deps.db.select({ quote_id: niumPayouts.quote_id }).from(niumPayouts).where(ofPayment);
  if (payout?.quote_id) return payout.quote_id;
  const quote = await niumProvider(deps).quote({
    org_id: orgId,
    source_currency: 'USD',
    destination_currency: request.destination_currency,
    // A payment entered in the payee's currency is quoted for that amount, fixed.
    ...(request.destination_amount != null ? { destination_amount: request.destination_amount } : { source_amount: request.amount }),
  });
  const destination = quote.destination_amount;
  if (destination === null) throw new ProviderCallError({ code: 'nium_quote_without_amount', retryable: true });
  await deps.db.insert(niumQuotes).values({
    quote_id: quote.quote_id,
    org_id: orgId,
    payment_id: request.payment_id,
    source_currency: quote.source_currency,
    ...quotedFigures(quote, request.amount),
    rate: quote.rate,
    market_rate: quote.market_rate,
    fee: quote.fee,
    expires_at: new Date(quote.expires_at),
  });
  // Two workers on one call: the first quote kept is the one both send.
  const [kept] = await deps.db
    .update(niumPayouts)
    .set({ quote_id: quote.quote_id, rate: quote.rate, destination_amount: destination })
    .where(and(ofPayment, isNull(niumPayouts.quote_id)))
    .returning({ quote_id: niumPayouts.quote_id });
  if (kept?.quote_id) return kept.quote_id;
  const [current] = await deps.db.select({ quote_id: niumPayouts.quote_id }).from(niumPayouts).where(ofPayment);
  return current?.quote_id ?? quote.quote_id;
}

/**
 * A payment entered in the payee's currency sent with a quote asked at its transfer (no quote
 * Execute locked): Nium took the quote's USD for the fixed amount, which may differ from the
 * estimate held. Answers what it took (null when it took what was held, or the USD was fixed);
 * the payment and its payout row say it from now on.
 */
async function takenForFixedDestination(tx: Tx, orgId: string, request: NiumTransferRequest): Promise<number | null> {
  if (request.destination_amount == null) return null;
  const ofPayment = and(eq(niumPayouts.org_id, orgId), eq(niumPayouts.payment_id, request.payment_id));
  const [quote] = await tx
    .select({ source_amount: niumQuotes.source_amount })
    .from(niumPayouts)
    .innerJoin(niumQuotes, eq(niumQuotes.quote_id, niumPayouts.quote_id))
    .where(ofPayment);
  if (!quote || quote.source_amount === request.amount) return null;
  await tx.update(niumPayouts).set({ source_amount: quote.source_amount }).where(ofPayment);
  await tx
    .update(payments)
    .set({ amount: quote.source_amount })
    .where(and(eq(payments.org_id, orgId), eq(payments.id, request.payment_id)));
  return quote.source_amount;
}

/** Held -> sent of what Nium took; a difference from what was held is held first from (or given back to) the Nium wallet. */
function sentEntries(accounts: WalletAccounts, held: number, taken: number | null) {
  if (taken === null) return niumSentEntries(accounts, held);
  return [
    { account_id: accounts.nium_available.id, amount: held - taken },
    { account_id: accounts.nium_held.id, amount: -held },
    { account_id: accounts.nium_sent.id, amount: taken },
  ];
}

/** Succeeded calls grouped by their organisation, in their order. */
function byOrganisation<T extends { call: { org_id: string } }>(items: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.call.org_id, [...(groups.get(item.call.org_id) ?? []), item]);
  return [...groups.values()];
}

/** Nium's reference and expected arrival on the payments' payout rows, and the reference on the payments. */
async function recordTransferIds(tx: Tx, orgId: string, started: StartedTransfer[]): Promise<void> {
  const values = sql.join(
    started.map((item) => sql`(${item.payment_id}::uuid, ${item.transfer_id}::text, ${item.estimated_arrival || null}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE nium_payouts AS n SET transfer_id = v.transfer_id, estimated_arrival = v.estimated_arrival, updated_at = now()
    FROM (VALUES ${values}) AS v(payment_id, transfer_id, estimated_arrival)
    WHERE n.org_id = ${orgId} AND n.payment_id = v.payment_id`);
  await tx.execute(sql`
    UPDATE payments AS p SET stripe_reference_id = v.transfer_id, updated_at = now()
    FROM (VALUES ${values}) AS v(payment_id, transfer_id, estimated_arrival)
    WHERE p.org_id = ${orgId} AND p.id = v.payment_id`);
}

/**
 * One payment abroad at Nium, with no transaction open: the payee's beneficiary is created the
 * first time their details are paid (and recorded, so later payouts of the same details reuse
 * it), then Transfer Money from the organisation's wallet at the locked quote's rate (Execute's, or
 * one asked for here: never unquoted), keyed by an
 * externalId derived from the outbox's key (a retry after a lost answer pays once).
 */
export const niumTransferOperation: Omit<ProviderOperation<NiumTransferRequest, StartedTransfer>, 'provider'> = {
  operation: NIUM_TRANSFER,
  async call(deps, request, ctx) {
    const payee = await findPayeeAbroadById(deps.db, ctx.org_id, request.payee_abroad_id);
    if (!payee) throw new ProviderCallError({ code: 'payee_abroad_missing', retryable: false });
    const nium = niumProvider(deps);
    let beneficiaryId = payee.beneficiary_id;
    if (!beneficiaryId) {
      const [person] = await deps.db
        .select({ recipient: payments.recipient })
        .from(payments)
        .where(and(eq(payments.org_id, ctx.org_id), eq(payments.id, request.payment_id)));
      const created = await nium.createBeneficiary({
        org_id: ctx.org_id,
        payee_id: person?.recipient ?? payee.payee_id,
        country: payee.country,
        currency: payee.currency,
        method: payee.method,
        account_holder_type: 'individual',
        fields: payeeAbroadFields(deps.secrets, payee),
      });
      beneficiaryId = await recordBeneficiary(deps.db, payee, created);
    }
    const quoteId = request.quote_id ?? (await quoteForTransfer(deps, ctx.org_id, request));
    return nium.transfer({
      org_id: ctx.org_id,
      payment_id: request.payment_id,
      idempotency_key: ctx.idempotency_key,
      beneficiary_id: beneficiaryId,
      source_currency: 'USD',
      destination_currency: request.destination_currency,
      // Entered in the payee's currency: they receive exactly that, and Nium takes what the quote says.
      amount: request.destination_amount != null ? { destination: request.destination_amount } : { source: request.amount },
      quote_id: quoteId,
      memo: request.memo,
    });
  },
  // Nium took the dollars from its wallet: held -> sent, and each payment shows Nium's reference and expected arrival.
  // A run of transfers is recorded with two updates per organisation and one ledger transfer per payment.
  async onSucceededTogether({ tx }, succeeded) {
    for (const calls of byOrganisation(succeeded)) {
      const orgId = calls[0]!.call.org_id;
      const taken = new Map<string, number | null>();
      for (const { call } of calls) {
        const request = call.request as NiumTransferRequest;
        taken.set(request.payment_id, await takenForFixedDestination(tx, orgId, request));
      }
      await recordTransferIds(
        tx,
        orgId,
        calls.map((item) => item.response),
      );
      const accounts = await findLedgerAccounts(tx, orgId);
      for (const { call, response } of calls) {
        const request = call.request as NiumTransferRequest;
        await postTransfer(tx, {
          org_id: orgId,
          key: sentKey(request.payment_id),
          type: 'nium_payout_sent',
          memo: 'Sent through Nium',
          metadata: { payment_id: request.payment_id, transfer_id: response.transfer_id },
          entries: sentEntries(accounts, request.amount, taken.get(request.payment_id) ?? null),
        });
      }
    }
  },
  // Refused for good (an expired quote, details Nium refuses, a wallet short): the payment fails, its money back where it was.
  async onFailed(unit, call, error) {
    const request = call.request as NiumTransferRequest;
    const [payout] = await unit.tx
      .select()
      .from(niumPayouts)
      .where(and(eq(niumPayouts.org_id, call.org_id), eq(niumPayouts.payment_id, request.payment_id)));
    if (!payout) return;
    await settleAbroad(unit, { payout, outcome: 'failed', converted: { reason: error.code }, now: await sandboxNow(unit.tx) });
  },
};
