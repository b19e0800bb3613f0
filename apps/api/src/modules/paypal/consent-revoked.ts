import { and, eq } from 'drizzle-orm';
import { orgs, paypalLinks } from '../../db/schema/index.ts';
import { publishDomainEvent, type ProviderEventHandler } from '../../events/dispatcher.ts';
import { PAYPAL_CONSENT_REVOKED } from '../../providers/webhooks/index.ts';

/**
 * The organisation's PayPal account withdrew Crewpay's permissions: the connection ends (the
 * wallet offers Connect again) and the owners are told, so no one learns it from a failed
 * payout. Payouts already sent are PayPal's to finish; new ones wait for a new connection.
 */
export const paypalConsentEvents: ProviderEventHandler = {
  handles: (type) => type === PAYPAL_CONSENT_REVOKED,
  async apply(unit, event) {
    const { tx } = unit;
    const ended = await tx
      .update(paypalLinks)
      .set({ status: 'deactivated' })
      .where(
        and(
          eq(paypalLinks.org_id, event.org_id),
          eq(paypalLinks.merchant_id, event.data.merchant_id ?? ''),
          eq(paypalLinks.status, 'linked'),
        ),
      )
      .returning({ id: paypalLinks.id });
    if (ended.length === 0) return;
    // As DELETE /v1/paypal/oauth does: payees are offered the bank only until PayPal is connected again.
    await tx.update(orgs).set({ paypal_enabled: false }).where(eq(orgs.id, event.org_id));
    await publishDomainEvent(unit, { org_id: event.org_id, type: 'paypal.disconnected', data: {} });
  },
};
