/**
 * Test payees of the Nium sandbox and of the Nium fake (fakes/nium-fake.ts): a name on account
 * carrying one of these markers makes the payment raise an RFI (answered through respondRfi),
 * come back returned from the beneficiary's bank after it was paid, or be rejected at compliance.
 */
export const NIUM_TEST_MARKERS = { rfi: '(rfi)', returned: '(return)', rejected: '(reject)' } as const;

export type NiumTestOutcome = 'rfi' | 'returned' | 'rejected' | null;

export function niumTestOutcome(accountHolderName: string): NiumTestOutcome {
  const name = accountHolderName.toLowerCase();
  if (name.includes(NIUM_TEST_MARKERS.rejected)) return 'rejected';
  if (name.includes(NIUM_TEST_MARKERS.rfi)) return 'rfi';
  if (name.includes(NIUM_TEST_MARKERS.returned)) return 'returned';
  return null;
}
