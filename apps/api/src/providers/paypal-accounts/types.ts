/** The organisation's own PayPal business account, as PayPal reports it once its owner agreed on PayPal's pages. */
export type PaypalMerchant = {
  /** Its payer id: payouts are made on its behalf (PayPal-Auth-Assertion). */
  merchant_id: string;
  email: string | null;
  /** Whether the owner granted Crewpay the permission to send payouts from it. */
  can_pay_out: boolean;
  /** PayPal sends no money from an account whose primary email is not confirmed. */
  email_confirmed: boolean;
};

/** A PayPal account's available USD balance in cents, as of the moment PayPal last refreshed it. */
export type PaypalBalance = { available: number; refreshed_at: Date };

/**
 * Connecting an organisation's own PayPal business account (PayPal's partner onboarding):
 * startOnboarding asks PayPal for the page where the owner logs in and grants Crewpay its
 * permissions (the referral's tracking id is ours; PayPal sends the browser back to return_url),
 * findMerchant reads what that tracking id became, balance reads the account's balance.
 */
export type PaypalAccountsProvider = {
  startOnboarding(options: { tracking_id: string; return_url: string }): Promise<{ action_url: string }>;
  findMerchant(trackingId: string): Promise<PaypalMerchant | null>;
  balance(merchantId: string): Promise<PaypalBalance>;
};
