import { describe, expect, it } from 'vitest';
import { paymentReleaseMessages, releaseWaitingMessage } from './payment-releases.ts';

describe('releaseWaitingMessage', () => {
  const executed = 'Payment is on the way!\n1 payment on the way';
  it('is the executed message when nothing waits', () => {
    expect(releaseWaitingMessage({ processing: 1, requires_info: 0 }, executed)).toBe(executed);
    expect(releaseWaitingMessage({ processing: 1, requires_info: 0, waiting: [] }, executed)).toBe(executed);
  });
  it('adds how many wait and why, each reason once', () => {
    const waiting = [{ reason: 'Waits for invoice INV-1 to be paid' }, { reason: 'Waits for invoice INV-1 to be paid' }];
    expect(releaseWaitingMessage({ processing: 1, requires_info: 0, waiting }, executed)).toBe(
      `${executed}\n2 waiting: Waits for invoice INV-1 to be paid`,
    );
  });
  it('says nothing was executed when every selected draft waits', () => {
    expect(
      releaseWaitingMessage({ processing: 0, requires_info: 0, waiting: [{ reason: paymentReleaseMessages.disputed }] }, executed),
    ).toBe(`${paymentReleaseMessages.allWaiting}\n1 waiting: ${paymentReleaseMessages.disputed}`);
  });
});
