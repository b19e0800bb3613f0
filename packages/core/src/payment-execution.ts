import { z } from 'zod';
import { formatCents } from './money.ts';
import { paymentMessages } from './payments-labels.ts';

/** What a payment can wait for at execution (apps/api payments/execution-waits.ts: one table, used by every path). */
export const executionWaitKinds = ['currency', 'invoice', 'gate', 'approval', 'payout_details'] as const;
export type ExecutionWaitKind = (typeof executionWaitKinds)[number];
/** The waits that leave a payment a draft, nothing held (a currency its payee is no longer paid in, its invoice, its contract or deliverable). */
export const draftWaitKinds = ['currency', 'invoice', 'gate'] as const;
export type DraftWaitKind = (typeof draftWaitKinds)[number];

const outcomeFigures = z.object({ count: z.number().int(), amount: z.number().int(), fees: z.number().int() });
export const approverRoles = ['owner', 'admin'] as const;

/**
 * What an execution does (or, previewed, would do) with each selected draft: sent now; held
 * (money kept) for an approval, with the roles of the people who may still approve; held while the
 * recipient gives payout details; left a draft because it waits (for its invoice, its contract or
 * deliverable, or an edit when its payee is no longer paid in the currency it was entered in), with
 * each reason and how many wait for it. Preview and Execute answer the same.
 */
export const executionOutcomes = z.object({
  sent: outcomeFigures,
  needs_payout_details: outcomeFigures,
  held_for_approval: outcomeFigures.extend({ approver_roles: z.array(z.enum(approverRoles)) }),
  waiting: outcomeFigures.extend({
    reasons: z.array(z.object({ kind: z.enum(draftWaitKinds), reason: z.string(), count: z.number().int() })),
  }),
});
export type ExecutionOutcomes = z.infer<typeof executionOutcomes>;
const noFigures = { count: 0, amount: 0, fees: 0 };
/** Nothing selected, nothing done: every outcome counted zero. */
export const emptyExecutionOutcomes: ExecutionOutcomes = {
  sent: noFigures,
  needs_payout_details: noFigures,
  held_for_approval: { ...noFigures, approver_roles: [] },
  waiting: { ...noFigures, reasons: [] },
};

const plural = (count: number) => `${count.toLocaleString('en-US')} payment${count === 1 ? '' : 's'}`;
const isAre = (count: number) => (count === 1 ? 'is' : 'are');

/** "an owner", "an admin", "an owner or admin"; nobody left who may: "another owner or admin" (one must be invited). */
export function approversInWords(roles: readonly string[]): string {
  if (roles.length === 1) return `an ${roles[0]}`;
  return roles.length === 0 ? 'another owner or admin' : 'an owner or admin';
}

/** "Waits for the contract to be signed" counted: "2 payments wait for the contract to be signed". */
function waitsInWords(count: number, reason: string, future: boolean): string {
  const what = /^Waits for /.exec(reason) ? reason.slice('Waits for '.length) : null;
  if (!what) return `${plural(count)}: ${reason}`;
  return `${plural(count)} ${future ? 'will wait' : count === 1 ? 'waits' : 'wait'} for ${what}`;
}

/** The one sentence per outcome that both the Execute dialog (future) and the Execute answer (past) say. */
function outcomeLines(outcomes: ExecutionOutcomes, future: boolean): string[] {
  const { sent, needs_payout_details: details, held_for_approval: held, waiting } = outcomes;
  const lines: string[] = [];
  if (sent.count > 0) lines.push(`${plural(sent.count)} ${future ? 'will be sent now' : 'on the way'}`);
  if (details.count > 0) {
    const whose = details.count === 1 ? "its payee's" : "their payees'";
    lines.push(
      future
        ? `${plural(details.count)} will wait for ${whose} payout details: we email them a link, and the money stays held until they answer`
        : `${plural(details.count)} ${isAre(details.count)} waiting for ${whose} payout details; we emailed them a link`,
    );
  }
  if (held.count > 0) {
    const who = approversInWords(held.approver_roles);
    lines.push(
      future
        ? `${plural(held.count)} will be held for approval by ${who}: the money is held and nothing is sent until approved`
        : `${plural(held.count)} ${isAre(held.count)} held for approval by ${who}; nothing is sent until approved`,
    );
  }
  for (const row of waiting.reasons) lines.push(waitsInWords(row.count, row.reason, future));
  return lines;
}

/** Nothing leaves now: every selected payment is held for approval or waits for a release. */
export const executionNothingSent = 'No payment is sent now';

type HeadlineFigures = { count: number; amount: number; fees: number; backup_withholding?: { withheld: number } | undefined };

/**
 * The Execute dialog's headline and its figures, from the preview (the amounts Execute holds).
 * `amount` is what the payees receive, after backup withholding: with some withheld, the headline
 * names the payments' whole amount, the tax kept back and what the payees receive (issue 44:
 * never a reduced amount without saying why), and the figures add up to what leaves the balance.
 */
export function executionHeadline(preview: HeadlineFigures): { headline: string; figures: string } {
  const payments = `${preview.count.toLocaleString('en-US')} payment${preview.count === 1 ? '' : 's'}`;
  const withheld = preview.backup_withholding?.withheld ?? 0;
  if (withheld === 0)
    return {
      headline: `Execute ${payments} for ${formatCents(preview.amount + preview.fees)}?`,
      figures: `Payments ${formatCents(preview.amount)} · Fees ${formatCents(preview.fees)}`,
    };
  const whole = preview.amount + withheld;
  return {
    headline: `Execute ${payments} for ${formatCents(whole)} — ${formatCents(withheld)} withheld for backup withholding, ${preview.count === 1 ? 'payee receives' : 'payees receive'} ${formatCents(preview.amount)}`,
    figures: `Payments ${formatCents(whole)} · Withheld ${formatCents(withheld)} · Fees ${formatCents(preview.fees)} · From your balance ${formatCents(whole + preview.fees)}`,
  };
}

/**
 * The Execute answer's message, saying exactly what happened: the spec's 'Payment is on the way!'
 * only when a payment was sent to its rail, alone when every payment was; otherwise one line per
 * outcome: sent, waiting for payout details (its payee emailed a link), held for approval (by
 * whom), waiting for a release (for what). Waiting for payout details is not "on the way" (issue 44).
 */
export function executionMessage(outcomes: ExecutionOutcomes): string {
  const { sent, needs_payout_details: details, held_for_approval: held, waiting } = outcomes;
  const others = details.count + held.count + waiting.count;
  if (sent.count > 0 && others === 0) return paymentMessages.executed;
  const lines = outcomeLines(outcomes, false);
  if (sent.count > 0) return [paymentMessages.executed, ...lines].join('\n');
  // Nothing sent and nothing executed toward a payee: say so first, then why each waits.
  if (details.count === 0 && waiting.count > 0) return [executionNothingSent, ...lines].join('\n');
  return lines.length > 0 ? lines.join('\n') : executionNothingSent;
}

/**
 * The Execute dialog's sentences before confirming (the preview's outcomes, in the future): what
 * will be sent, what will wait for payout details, be held for approval (by whom), wait for a release.
 * Every payment leaving now: nothing to add to the headline.
 */
export function executionPreviewLines(outcomes: ExecutionOutcomes): string[] {
  const others = outcomes.needs_payout_details.count + outcomes.held_for_approval.count + outcomes.waiting.count;
  return others === 0 ? [] : outcomeLines(outcomes, true);
}
