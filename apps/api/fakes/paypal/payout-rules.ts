import { centsOf } from './money.ts';

type Json = Record<string, unknown>;
type Issue = { field: string; issue: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A US mobile number: +1 and ten digits, or the ten digits alone. */
const US_PHONE = /^(\+1)?[2-9]\d{2}[2-9]\d{6}$/;

/**
 * What the Payouts API refuses beyond the shape its description checks (the descriptions and
 * guides at developer.paypal.com/docs/api/payments.payouts-batch/v1): each item has a recipient
 * type (its own or the header's) matching its receiver, a positive amount in a currency with
 * two decimals (USD here), a sender_item_id of at most 63 characters, and a Venmo item needs a
 * note and a US mobile number as a PHONE receiver.
 */
export function payoutRequestProblems(body: Json): Issue[] {
  const header = (body.sender_batch_header ?? {}) as Json;
  const problems: Issue[] = [];
  if (typeof header.sender_batch_id !== 'string' || header.sender_batch_id === '')
    problems.push({ field: 'sender_batch_header.sender_batch_id', issue: 'Required field missing' });
  (body.items as Json[]).forEach((item, index) => {
    const at = (field: string) => `items[${index}].${field}`;
    const type = item.recipient_type ?? header.recipient_type;
    const receiver = String(item.receiver ?? '');
    const amount = (item.amount ?? {}) as Json;
    if (type !== 'EMAIL' && type !== 'PHONE' && type !== 'PAYPAL_ID')
      problems.push({ field: at('recipient_type'), issue: 'Required field missing' });
    if (type === 'EMAIL' && !EMAIL.test(receiver))
      problems.push({ field: at('receiver'), issue: 'Receiver is invalid or does not match with type' });
    if (type === 'PHONE' && !US_PHONE.test(receiver.replace(/[\s()-]/g, '')))
      problems.push({ field: at('receiver'), issue: 'Receiver is invalid or does not match with type' });
    if (amount.currency !== 'USD') problems.push({ field: at('amount.currency'), issue: 'Currency is not supported' });
    const cents = centsOf(amount.value);
    if (cents === null || cents <= 0)
      problems.push({ field: at('amount.value'), issue: 'Amount must be a positive number with two decimals' });
    if (item.recipient_wallet === 'VENMO') {
      if (typeof item.note !== 'string' || item.note.trim() === '')
        problems.push({ field: at('note'), issue: 'Note is required for Venmo payouts' });
      if (type !== 'PHONE') problems.push({ field: at('recipient_type'), issue: 'Venmo payouts need a US mobile phone number' });
    }
  });
  return problems;
}
