import { z } from 'zod';
import {
  campaignMessages,
  isCurrencyCode,
  minorUnits,
  moneyMessages,
  parseDollarsToCents,
  parseMajorToMinor,
  payoutAbroadMessages,
  paymentRowBody,
  paymentRowMessages,
  paymentUploadMessages,
  scheduleMessages,
  type PaymentRowInput,
  type PaymentUploadColumn,
  type PaymentUploadError,
} from '@crewpay/core';
import type { UploadLookups } from './upload-lookups.ts';

export type UploadCsvRow = { line: number; values: Record<string, string> };

/**
 * A row whose cells read well: the New Payment form's row, the currency its earnings are in (their
 * minor units: JPY none), its execute date, and where its amount came from.
 */
export type ReadRow = {
  line: number;
  input: PaymentRowInput;
  amount_currency: string;
  execute_on: string | null;
  amountColumn: 'amount' | 'earnings';
};

/** The context of a file's rows: today (sandbox clock) and why the caller may not schedule, if so. */
type RowContext = { lookups: UploadLookups; today: string; scheduleRefusal: string | null };

const isoDay = z.iso.date();
/** The form's body fields, as the columns of the file name them. */
const columnOfField: Record<string, PaymentUploadColumn> = {
  recipient: 'recipient',
  split: 'split',
  memo: 'memo',
  payment_group_id: 'campaign',
  amount_currency: 'currency',
};

/** The currency cell as the form's field takes it (trimmed, upper-cased); empty is USD. */
const currencyOf = (cell: string) => (cell.trim() === '' ? 'USD' : cell.trim().toUpperCase());

/**
 * An amount cell in `currency`'s major units: dollars as before ("$1,200.00"), another currency
 * with its own decimals (core's parseMajorToMinor: "1500" JPY is 1500 yen, "1500.5" JPY is no
 * amount). A code that is no currency reads no amount: the currency column says why.
 */
function readMinor(text: string, currency: string): { minor: number | null; message: string | null } {
  if (currency === 'USD') {
    const cents = parseDollarsToCents(text);
    return { minor: cents, message: cents === null ? moneyMessages.wholeCents : null };
  }
  if (!isCurrencyCode(currency)) return { minor: null, message: null };
  const minor = parseMajorToMinor(text, currency);
  if (minor !== null) return { minor, message: null };
  // Only a plain number with digits past the currency's decimals is told about decimals.
  const fraction = /^[\d\s,'\u00a0\u202f]*\.(\d+)$/.exec(text.trim())?.[1];
  const tooPrecise = fraction !== undefined && fraction.length > minorUnits(currency);
  return { minor, message: tooPrecise ? payoutAbroadMessages.amountDecimals(currency) : payoutAbroadMessages.amountIn(currency) };
}

function readAmount(values: Record<string, string>, currency: string, add: (column: PaymentUploadColumn, message: string) => void) {
  const amount = values.amount ?? '';
  const earnings = values.earnings ?? '';
  const split = values.split ?? '';
  // An amount is what the recipient is paid: it is the earnings at a 100% split.
  if (amount !== '' && (earnings !== '' || split !== '')) add('amount', paymentUploadMessages.amountOrEarnings);
  const column = amount !== '' ? ('amount' as const) : ('earnings' as const);
  const text = amount !== '' ? amount : earnings;
  const read = text === '' ? { minor: null, message: null } : readMinor(text, currency);
  if (read.message) add(column, read.message);
  const splitValue = amount !== '' ? 100 : split === '' ? null : Number(split.replace(/%$/, '').trim());
  return { column, earnings: read.minor, split: splitValue };
}

function readExecuteOn(cell: string, context: RowContext, add: (column: PaymentUploadColumn, message: string) => void) {
  if (cell === '') return null;
  if (context.scheduleRefusal) add('execute_on', context.scheduleRefusal);
  else if (!isoDay.safeParse(cell).success) add('execute_on', scheduleMessages.executeOn);
  // The same refusal as "Execute on": a day before today would run at once.
  else if (cell < context.today) add('execute_on', scheduleMessages.pastDate);
  return cell;
}

function readCampaign(cell: string, context: RowContext, add: (column: PaymentUploadColumn, message: string) => void) {
  if (cell === '') return null;
  const found = context.lookups.campaigns.get(cell.toLowerCase());
  if (found === 'ambiguous') add('campaign', paymentUploadMessages.campaignNameTaken);
  else if (!found) add('campaign', campaignMessages.notFound);
  return found && found !== 'ambiguous' ? found : null;
}

/**
 * One row's cells as the New Payment form's row, checked by the form's own schema (paymentRowBody):
 * its errors carry the form's messages, each on the column it comes from. The payment math's
 * checks (amounts, inactive creators, shares) come after, on the rows read well.
 */
export function readUploadRow(row: UploadCsvRow, context: RowContext): { read: ReadRow | null; errors: PaymentUploadError[] } {
  const errors: PaymentUploadError[] = [];
  const add = (column: PaymentUploadColumn, message: string) => {
    if (!errors.some((error) => error.column === column)) errors.push({ row: row.line, column, message });
  };
  const { values } = row;
  const recipientCell = values.recipient ?? '';
  const recipient = recipientCell === '' ? null : context.lookups.recipients.get(recipientCell.toLowerCase());
  if (recipientCell !== '' && !recipient) add('recipient', paymentRowMessages.unknownRecipient);
  const amount_currency = currencyOf(values.currency ?? '');
  const amount = readAmount(values, amount_currency, add);
  const execute_on = readExecuteOn(values.execute_on ?? '', context, add);
  const payment_group_id = readCampaign(values.campaign ?? '', context, add);
  const parsed = paymentRowBody.safeParse({
    recipient: recipient?.id ?? null,
    recipient_role: recipient?.role ?? 'creator',
    earnings: amount.earnings,
    split: amount.split,
    memo: values.memo ?? '',
    payment_group_id,
    amount_currency,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) add(columnOfField[String(issue.path[0])] ?? amount.column, issue.message);
  if (errors.length > 0 || !parsed.success) return { read: null, errors };
  const { amount: _amount, state_withholdings: _state, federal_withholdings: _federal, amount_currency: currency, ...input } = parsed.data;
  return {
    read: {
      line: row.line,
      input: { ...input, memo: input.memo.trim() },
      amount_currency: currency,
      execute_on,
      amountColumn: amount.column,
    },
    errors,
  };
}

/** The column a payment-math message is about. */
export function columnOfMathError(message: string, amountColumn: 'amount' | 'earnings'): PaymentUploadColumn {
  const byMessage: Record<string, PaymentUploadColumn> = {
    [paymentRowMessages.noRecipient]: 'recipient',
    [paymentRowMessages.unknownRecipient]: 'recipient',
    [paymentRowMessages.inactive]: 'recipient',
    [paymentRowMessages.split]: 'split',
    [paymentRowMessages.splitDecimals]: 'split',
  };
  if (message.startsWith('Memo')) return 'memo';
  return byMessage[message] ?? amountColumn;
}
