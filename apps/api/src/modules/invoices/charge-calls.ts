import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { charges, customers, invoices, orgs, type ProviderCall } from '../../db/schema/index.ts';
import { paymentsInProvider, type ProviderCharge } from '../../providers/payments-in/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { queueEmail } from '../email/index.ts';
import type { OutcomeEffects, ProviderOperation } from '../provider-calls/index.ts';
import { receiptEmail } from './messages.ts';

export const CHARGE_CARD = 'payments_in.card_charge';
export const CHARGE_ACH = 'payments_in.ach_debit';

/** What a charge's call carries: our ids, and the card token or the bank account number sealed with deps.secrets. */
export type ChargeCallRequest = {
  charge_id: string;
  invoice_id: string;
  amount: number;
  token?: string;
  account_number_sealed?: string;
  routing_number?: string;
};

const requestOf = (call: ProviderCall) => call.request as ChargeCallRequest;

/** The provider took the charge: its id is recorded (unless its event came first) and the payer gets a receipt. */
async function recordCharge(tx: Tx, call: ProviderCall, answer: ProviderCharge, effects: OutcomeEffects): Promise<void> {
  const { charge_id } = requestOf(call);
  await tx
    .update(charges)
    .set({ provider_id: answer.provider_id })
    .where(and(eq(charges.org_id, call.org_id), eq(charges.id, charge_id)));
  const [row] = await tx
    .select({ invoice: invoices, email: customers.email, org_name: orgs.name, label: charges.method_label })
    .from(charges)
    .innerJoin(invoices, eq(invoices.id, charges.invoice_id))
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .innerJoin(orgs, eq(orgs.id, invoices.org_id))
    .where(eq(charges.id, charge_id));
  if (row?.email)
    effects.emailIds.push(
      await queueEmail(tx, receiptEmail({ to: row.email, orgName: row.org_name, invoice: row.invoice, method: row.label })),
    );
}

/** Refused for good (a declined card): the charge fails and the invoice stays open. */
async function failCharge(tx: Tx, call: ProviderCall, error: { code: string }): Promise<void> {
  await tx
    .update(charges)
    .set({ status: 'failed', failed_at: await sandboxNow(tx), failure_reason: error.code })
    .where(and(eq(charges.org_id, call.org_id), eq(charges.id, requestOf(call).charge_id), eq(charges.status, 'pending')));
}

type Operation = Omit<ProviderOperation<ChargeCallRequest, ProviderCharge>, 'provider'>;

export const cardChargeOperation: Operation = {
  operation: CHARGE_CARD,
  call: (deps, request, ctx) =>
    paymentsInProvider(deps).chargeCard({
      org_id: ctx.org_id,
      amount: request.amount,
      token: request.token!,
      idempotency_key: ctx.idempotency_key,
      metadata: { charge_id: request.charge_id, invoice_id: request.invoice_id },
    }),
  onSucceeded: recordCharge,
  onFailed: failCharge,
};

export const achChargeOperation: Operation = {
  operation: CHARGE_ACH,
  call: (deps, request, ctx) =>
    paymentsInProvider(deps).debitBank({
      org_id: ctx.org_id,
      amount: request.amount,
      account_number: deps.secrets.decrypt(request.account_number_sealed!),
      routing_number: request.routing_number!,
      idempotency_key: ctx.idempotency_key,
      metadata: { charge_id: request.charge_id, invoice_id: request.invoice_id },
    }),
  onSucceeded: recordCharge,
  onFailed: failCharge,
};
