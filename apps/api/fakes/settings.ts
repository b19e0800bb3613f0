/** A running fake: where it is and the settings that point Crewpay at it. */
type RunningFake = { url: string; settings: Record<string, string> };

/**
 * Every setting Crewpay needs to start with SANDBOX=false on the fakes that run (`npm run fakes`
 * prints them): each fake's own, the public URL, the pay page's publishable key, and the settings
 * a fake cannot know, QuickBooks' redirect URI (Crewpay's callback under PUBLIC_URL). Email
 * (SMTP_URL, MAIL_FROM) is the operator's.
 */
export function appSettings(fakes: Record<string, RunningFake>, publicUrl: string): Record<string, string> {
  return {
    SANDBOX: 'false',
    PUBLIC_URL: publicUrl,
    ...Object.assign({}, ...Object.values(fakes).map((fake) => fake.settings)),
    ...(fakes.stripe ? { STRIPE_PUBLISHABLE_KEY: 'pk_test_crewpay_fake' } : {}),
    ...(fakes.quickbooks ? { QUICKBOOKS_REDIRECT_URI: `${publicUrl}/api/qb/callback` } : {}),
  };
}
