import type { AccountMapKey, JournalLineDraft } from '../../db/schema/index.ts';
import type { LedgerAccountKind } from '../../db/schema/index.ts';

export type TransferForBooks = {
  id: string;
  type: string;
  metadata: Record<string, string>;
  entries: { kind: LedgerAccountKind; amount: number }[];
  /** For payouts: the creator paid and whether they are a W-2 employee. */
  creator: { id: string; is_w2: boolean } | null;
};

type JournalDraft = { details: string; lines: JournalLineDraft[]; total: number };

/**
 * Moving money between the organisation's own bank and its wallet is a transfer between two of
 * its own accounts, which QuickBooks takes from the bank feed; holds and releases stay inside the
 * wallet (a failed payout's money goes back from held to available). None is an entry of its own.
 */
export const NOT_BOOKED = new Set([
  'hold',
  'release',
  'payment_failed',
  'sandbox_load',
  'received_credit',
  'ach_debit_settled',
  'ach_debit_returned',
  'ach_out_posted',
  'ach_out_failed',
  'ach_out_returned',
  // The organisation's own PayPal account: its balance moving inside PayPal, or outside Crewpay (PayPal's own feed books it).
  'paypal_payout_sent',
  'paypal_balance_synced',
]);

const LABELS: Record<string, string> = {
  payment_succeeded: 'Payment posted',
  payment_failed: 'Payment failed',
  payment_returned: 'Payment returned',
  tax_withheld: 'Backup withholding owed to the IRS',
  tax_released: 'Backup withholding released (payment failed)',
  invoice_card_settled: 'Invoice paid by card',
  invoice_ach_settled: 'Invoice paid by bank',
  invoice_card_disputed: 'Invoice payment disputed',
  invoice_ach_returned: 'Invoice payment returned',
  invoice_refunded: 'Invoice payment refunded',
  invoice_refund_failed: 'Invoice refund failed',
  invoice_dispute_reinstated: 'Invoice dispute won',
  invoice_dispute_lost: 'Invoice dispute lost: fee returned',
  contract_fee: 'Contract fee collected',
  billing_monthly_fee: 'Monthly plan fee collected',
};

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Which mapped account a ledger account's movement goes to in this kind of transfer. */
function keyFor(kind: LedgerAccountKind, transfer: TransferForBooks): AccountMapKey {
  // Every place the organisation's own money is (docs/money-flows.md, "Places") is the wallet's clearing account.
  const ownMoney: LedgerAccountKind[] = [
    'wallet_available',
    'wallet_held',
    'wallet_frozen',
    'payments_balance',
    'payouts_in_transit',
    'paypal_available',
    'paypal_held',
    'nium_available',
    'nium_held',
    'nium_sent',
    'nium_funding',
  ];
  if (ownMoney.includes(kind)) return 'clearing';
  // Backup withholding owed to the IRS: part of what the payee earned (an expense), never revenue.
  if (kind === 'tax_owed') return transfer.creator?.is_w2 ? 'labor' : 'income';
  if (kind === 'fees') return 'payable';
  if (kind === 'receivable') return 'receivable';
  // outside_bank, or fx_clearing (a payment abroad's dollars converted for the payee): who the money went to or came from.
  if (transfer.type.startsWith('payment_')) return transfer.creator?.is_w2 ? 'labor' : 'income';
  return 'sales';
}

const DESCRIPTIONS: Record<AccountMapKey, string> = {
  clearing: 'Crewpay wallet',
  payable: 'Crewpay fees',
  receivable: 'Owed to Crewpay',
  income: 'Creator earnings',
  labor: 'W-2 wages',
  sales: 'Customer invoice',
};

/**
 * The journal entry of one ledger transfer, or null when it is not booked: the ledger's signed
 * entries grouped by mapped account (money arriving in an account is a debit, leaving it a credit),
 * accounts that net to zero dropped. Balanced because the ledger transfer is.
 */
export function draftJournalEntry(transfer: TransferForBooks): JournalDraft | null {
  if (NOT_BOOKED.has(transfer.type)) return null;
  const sums = new Map<AccountMapKey, number>();
  for (const entry of transfer.entries) {
    const key = keyFor(entry.kind, transfer);
    sums.set(key, (sums.get(key) ?? 0) + entry.amount);
  }
  const lines: JournalLineDraft[] = [...sums]
    .filter(([, amount]) => amount !== 0)
    .map(([key, amount]) => ({
      key,
      posting: amount > 0 ? 'Debit' : 'Credit',
      amount: Math.abs(amount),
      description: DESCRIPTIONS[key],
      ...(transfer.creator && (key === 'income' || key === 'labor') ? { creator_id: transfer.creator.id } : {}),
    }));
  if (lines.length < 2) return null;
  const total = lines.filter((line) => line.posting === 'Debit').reduce((sum, line) => sum + line.amount, 0);
  const label = LABELS[transfer.type] ?? transfer.type.replaceAll('_', ' ');
  return { details: `${label}: ${dollars(total)}`, lines, total };
}
