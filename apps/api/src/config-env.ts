import { z } from 'zod';

// What the environment may hold, checked once at boot (loadConfig in config.ts turns it into Config).

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Loopback unless the operator opens it up: sandbox tools must never face a network by default.
  HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: booleanFlag.default(false),
  OPERATOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Hosts a webhook may reach although they are private or loopback (a receiver on this machine while developing); none by default, in every mode.
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    ),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SANDBOX: booleanFlag.default(true),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Crewpay <no-reply@crewpay.local>'),
  PUBLIC_URL: z.url().optional(),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKERS: booleanFlag.default(true),
  SANDBOX_ACH_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(60),
  TRANSFER_OUT_ORG_ID: z.uuid().optional(),
  PAYMENT_MEMO_MAX_LENGTH: z.coerce.number().int().min(1).max(1000).default(10),
  PAYMENT_MIN_AMOUNT: z.coerce.number().int().min(0).default(100),
  PAYMENT_METHOD_WIZARD: booleanFlag.default(false),
  // The real providers (SANDBOX=false): providers/readiness.ts names any that is missing.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // The signing secret of the Connect endpoint (events of the organisations' connected accounts: Treasury).
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(live|test)_\w+$/, 'must be a Stripe publishable key (pk_live_... or pk_test_...)')
    .optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  // The platform's own Treasury financial account (fa_...): Crewpay's fees are collected into it.
  STRIPE_PLATFORM_FINANCIAL_ACCOUNT: z
    .string()
    .regex(/^fa_\w+$/, 'must be a Stripe financial account id (fa_...)')
    .optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  // The partner's PayPal payer id and BN code (docs/decisions.md, PayPal partner programme).
  PAYPAL_PARTNER_MERCHANT_ID: z.string().min(1).optional(),
  PAYPAL_PARTNER_ATTRIBUTION_ID: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.url().default('https://api-m.paypal.com'),
  // How long a payout call first waits to read a new batch PayPal has not listed yet; each wait doubles (3 in all).
  PAYPAL_BATCH_LIST_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  // Nium (payouts abroad, docs/providers.md): the client's id and API key from Nium Portal, the
  // x-client-name it sends, and the static x-partner-key Nium puts on its webhooks.
  NIUM_API_KEY: z.string().min(1).optional(),
  NIUM_CLIENT_HASH_ID: z.uuid().optional(),
  NIUM_CLIENT_NAME: z.string().min(1).max(32).default('crewpay'),
  NIUM_WEBHOOK_PARTNER_KEY: z.string().min(16).optional(),
  NIUM_API_BASE: z.url().default('https://gateway.nium.com'),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  // A Twilio Messaging Service instead of one number: it picks the sender and handles STOP for its numbers.
  SMS_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Twilio Messaging Service SID (MG and 32 hexadecimal characters)')
    .optional(),
  SMS_API_BASE: z.url().default('https://api.twilio.com'),
  // QuickBooks Online (an app on Intuit's developer portal): its keys, the redirect URI registered
  // there (<PUBLIC_URL>/api/qb/callback) and which of Intuit's environments its keys belong to.
  QUICKBOOKS_CLIENT_ID: z.string().min(1).optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().min(1).optional(),
  QUICKBOOKS_REDIRECT_URI: z.url().optional(),
  QUICKBOOKS_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
  // Intuit's addresses: the tests and `npm run fakes` point them at the local fake.
  QUICKBOOKS_API_BASE: z.url().optional(),
  QUICKBOOKS_AUTHORIZE_URL: z.url().default('https://appcenter.intuit.com/connect/oauth2'),
  QUICKBOOKS_TOKEN_URL: z.url().default('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer'),
  QUICKBOOKS_REVOKE_URL: z.url().default('https://developer.api.intuit.com/v2/oauth2/tokens/revoke'),
  // The e-signature service: Crewpay's own (builtin) or Dropbox Sign, whatever SANDBOX says.
  ESIGN_PROVIDER: z.enum(['builtin', 'dropbox_sign']).default('builtin'),
  DROPBOX_SIGN_API_KEY: z.string().min(1).optional(),
  DROPBOX_SIGN_CLIENT_ID: z.string().min(1).optional(),
  DROPBOX_SIGN_API_BASE: z.url().default('https://api.hellosign.com'),
  // Where Dropbox Sign's embedded editor is served from (the page may frame it); tests point it at the fake.
  DROPBOX_SIGN_EMBEDDED_ORIGIN: z.url().default('https://embedded.hellosign.com'),
  // Dropbox Sign's test mode: free, watermarked, not legally binding (refused with SANDBOX=false).
  DROPBOX_SIGN_TEST_MODE: booleanFlag.default(false),
  // The API-wide rate limit (docs/operations.md): requests per window per session or API key,
  // and per IP address for calls without one; 6,000 a minute is Stripe's 100 a second.
  RATE_LIMIT_SIGNED_IN_MAX: z.coerce.number().int().min(1).default(6000),
  RATE_LIMIT_ANONYMOUS_MAX: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Sign-ups (each emails an address) from one IP an hour, whatever the addresses.
  RATE_LIMIT_SIGN_UPS_PER_IP: z.coerce.number().int().min(1).default(20),
  // Object storage (docs/operations.md): s3://bucket/prefix on AWS S3, Cloudflare R2 or MinIO; unset, DATA_DIR/files.
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[\w./-]*)?$/, 'must be s3://bucket or s3://bucket/prefix')
    .optional(),
  STORAGE_ENDPOINT: z.url().optional(),
  STORAGE_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_ACCESS_KEY_ID: z.string().min(1).optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STORAGE_FORCE_PATH_STYLE: booleanFlag.optional(),
  STORAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  // Browser errors are forwarded to this Sentry-compatible DSN when set (modules/client-errors).
  SENTRY_DSN: z.url().optional(),
  // Product analytics (modules/analytics): page views and the main events, stored in our own table; off unless set.
  ANALYTICS_ENABLED: booleanFlag.default(false),
});

export type EnvValues = z.infer<typeof envSchema>;
