import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { paypalLinks } from '../../db/schema/index.ts';
import type { ProviderEventInput } from '../contract.ts';
import type { PaypalEvent } from './paypal-event.ts';

export const PAYPAL_CONSENT_REVOKED = 'paypal.consent_revoked';

/**
 * MERCHANT.PARTNER-CONSENT.REVOKED: the merchant withdrew the permissions it granted Crewpay in
 * its PayPal account (resource: its merchant_id and our tracking_id). Every organisation linked to
 * that PayPal account gets one event; PayPal refuses payouts on its behalf from now on.
 */
export async function consentRevokedEvents(deps: Pick<AppDeps, 'db'>, event: PaypalEvent): Promise<ProviderEventInput[]> {
  const merchantId = event.resource?.merchant_id;
  if (!event.id || !merchantId) return [];
  const links = await deps.db
    .select({ org_id: paypalLinks.org_id })
    .from(paypalLinks)
    .where(and(eq(paypalLinks.merchant_id, merchantId), eq(paypalLinks.status, 'linked')));
  return links.map((link) => ({
    id: `${event.id}:${link.org_id}`,
    type: PAYPAL_CONSENT_REVOKED,
    org_id: link.org_id,
    object_id: merchantId,
    data: { merchant_id: merchantId },
  }));
}
