/**
 * The payment at the provider that a cancel, a refund or a fee refund acts on (the organisation's
 * account): the same for the call and for its lookup when the answer was lost.
 */
export const chargeAt = (request: { account: string | null; provider_charge_id: string }, ctx: { org_id: string }) => ({
  org_id: ctx.org_id,
  account: request.account,
  provider_charge_id: request.provider_charge_id,
});
