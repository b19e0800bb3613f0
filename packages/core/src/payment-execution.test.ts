import { describe, expect, it } from 'vitest';
import { emptyExecutionOutcomes, executionMessage, executionPreviewLines, type ExecutionOutcomes } from './payment-execution.ts';

const figures = (count: number) => ({ count, amount: count * 100, fees: 0 });
const CONTRACT = 'Waits for the contract to be signed';
const INVOICE = 'Waits for invoice INV-1 to be paid';

/** sent, waiting for payout details, held for approval (by an owner or admin), waiting for a contract. */
function outcomes(sent: number, details: number, held: number, waiting: number): ExecutionOutcomes {
  return {
    sent: figures(sent),
    needs_payout_details: figures(details),
    held_for_approval: { ...figures(held), approver_roles: ['owner', 'admin'] },
    waiting: { ...figures(waiting), reasons: waiting === 0 ? [] : [{ kind: 'gate', reason: CONTRACT, count: waiting }] },
  };
}

const SENT = 'Payment is on the way!';
const NONE = 'No payment is sent now';
const sentLine = (n: number) => `${n} payment${n === 1 ? '' : 's'} on the way`;
const detailsLine = (n: number) =>
  n === 1
    ? "1 payment is waiting for its payee's payout details; we emailed them a link"
    : `${n} payments are waiting for their payees' payout details; we emailed them a link`;
const heldLine = (n: number) =>
  `${n} payment${n === 1 ? ' is' : 's are'} held for approval by an owner or admin; nothing is sent until approved`;
const waitLine = (n: number) => `${n} payment${n === 1 ? ' waits' : 's wait'} for the contract to be signed`;

// Every combination of none, one and two sent / waiting for payout details / held / waiting for a release.
const counts = [0, 1, 2];
const table = counts.flatMap((sent) =>
  counts.flatMap((details) => counts.flatMap((held) => counts.map((waiting) => ({ sent, details, held, waiting })))),
);

/** What the message must read, built from the rules rather than the code: one line per outcome. */
function expected({ sent, details, held, waiting }: (typeof table)[number]): string {
  if (sent > 0 && details + held + waiting === 0) return SENT;
  const lines = [
    ...(sent > 0 ? [sentLine(sent)] : []),
    ...(details > 0 ? [detailsLine(details)] : []),
    ...(held > 0 ? [heldLine(held)] : []),
    ...(waiting > 0 ? [waitLine(waiting)] : []),
  ];
  if (sent > 0) return [SENT, ...lines].join('\n');
  if (details === 0 && waiting > 0) return [NONE, ...lines].join('\n');
  return lines.length > 0 ? lines.join('\n') : NONE;
}

describe('the Execute answer in words, for every combination of sent, payout details, held and waiting', () => {
  it.each(table)('sent $sent, payout details $details, held $held, waiting $waiting', (row) => {
    const message = executionMessage(outcomes(row.sent, row.details, row.held, row.waiting));
    expect(message).toBe(expected(row));
    // Money moves only when something was sent: never "on the way" otherwise (issue 44).
    expect(message.includes('on the way')).toBe(row.sent > 0);
  });
});

describe('the Execute answer in words', () => {
  it("is the spec's toast alone when everything was sent", () => {
    expect(executionMessage(outcomes(2, 0, 0, 0))).toBe('Payment is on the way!');
  });

  it('says a payment waiting for payout details waits and that its payee was emailed, not that it is on the way', () => {
    expect(executionMessage(outcomes(0, 1, 0, 0))).toBe("1 payment is waiting for its payee's payout details; we emailed them a link");
  });

  it('names who approves', () => {
    const held = (approver_roles: ('owner' | 'admin')[]) =>
      executionMessage({ ...emptyExecutionOutcomes, held_for_approval: { ...figures(1), approver_roles } });
    expect(held(['owner'])).toBe('1 payment is held for approval by an owner; nothing is sent until approved');
    expect(held(['admin'])).toBe('1 payment is held for approval by an admin; nothing is sent until approved');
    expect(held([])).toBe('1 payment is held for approval by another owner or admin; nothing is sent until approved');
  });

  it('names each reason to wait once, with how many wait for it', () => {
    const waiting = {
      ...figures(3),
      reasons: [
        { kind: 'invoice' as const, reason: INVOICE, count: 2 },
        { kind: 'gate' as const, reason: CONTRACT, count: 1 },
      ],
    };
    expect(executionMessage({ ...emptyExecutionOutcomes, waiting })).toBe(
      `${NONE}\n2 payments wait for invoice INV-1 to be paid\n1 payment waits for the contract to be signed`,
    );
  });

  it('says nothing was sent when nothing was selected', () => {
    expect(executionMessage(emptyExecutionOutcomes)).toBe(NONE);
  });
});

describe("the Execute dialog's sentences before confirming", () => {
  it('adds nothing when every payment leaves now', () => {
    expect(executionPreviewLines(outcomes(3, 0, 0, 0))).toEqual([]);
  });

  it('says, in the future, what is sent and what waits for whom', () => {
    expect(executionPreviewLines(outcomes(1, 1, 2, 2))).toEqual([
      '1 payment will be sent now',
      "1 payment will wait for its payee's payout details: we email them a link, and the money stays held until they answer",
      '2 payments will be held for approval by an owner or admin: the money is held and nothing is sent until approved',
      '2 payments will wait for the contract to be signed',
    ]);
  });
});
