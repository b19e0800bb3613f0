import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { envSchema, type EnvValues } from './config-env.ts';

export type Config = {
  port: number;
  host: string;
  /** Trust X-Forwarded-For (only behind a proxy that sets it); the loopback check never does. */
  trustProxy: boolean;
  /** Opens the sandbox tools (/dev, /sandbox) and /metrics: every caller needs it; printed at start. */
  operatorToken: string;
  /** Host names or addresses webhooks may reach although private or loopback (WEBHOOK_ALLOWED_HOSTS). */
  webhookAllowedHosts: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  isSandbox: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Passkeys (WebAuthn): the relying party id and the origin the browser signs (from PUBLIC_URL). */
  passkeys: { rpId: string; origin: string };
  secretsKey: string | undefined;
  sessionTtlHours: number;
  logLevel: EnvValues['LOG_LEVEL'];
  runWorkers: boolean;
  /** Sandbox seconds an ACH debit or payment stays processing before it settles (or fails). */
  sandboxAchDelaySeconds: number;
  /** The one organisation allowed to transfer funds out of its wallet. */
  transferOutOrgId: string | undefined;
  /** New payment rows: memo maximum length and the amount (cents) a payment must exceed. */
  paymentLimits: { memo_max_length: number; min_amount: number };
  /** Shows the Add Payment Method wizard on Settings > Profile (document 001: behind a flag; it saves nothing). */
  isPaymentMethodWizardOn: boolean;
  /** The API-wide rate limit, shared by every instance through PostgreSQL. */
  requestLimits: { signedInMax: number; anonymousMax: number; windowSeconds: number; signUpsPerIp: number };
  /** The real providers' keys and addresses (used when isSandbox is false; tests point the bases at local fakes). */
  providers: ProviderSettings;
  /** Who prepares and signs contracts: Crewpay's built-in service or Dropbox Sign (ESIGN_PROVIDER), in and out of the sandbox. */
  esignProvider: 'builtin' | 'dropbox_sign';
  /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket shared by every instance. */
  storage: StorageSettings;
  /** A Sentry-compatible DSN the browser's error reports are forwarded to (besides the log). */
  sentryDsn: string | undefined;
  /** Whether the browser reports page views and the main events to POST /v1/analytics_events (off: the route does not exist). */
  analyticsEnabled: boolean;
};

export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every key ("" or ending in "/"). */
      prefix: string;
      /** Unset for AWS itself; R2 and MinIO give their own address. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's own chain (an instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** How long one request to the bucket may take before it fails (and is tried again, three tries in all). */
      timeoutMs: number;
    };

export type ProviderSettings = {
  /** publishableKey is the one public key: the pay page's Stripe.js turns a card into a PaymentMethod with it. */
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    connectWebhookSecret: string | undefined;
    publishableKey: string | undefined;
    platformFinancialAccount: string | undefined;
    apiBase: string;
  };
  /** partnerMerchantId: Crewpay's own PayPal payer id; attributionId: its BN code (PayPal-Partner-Attribution-Id). */
  paypal: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookId: string | undefined;
    partnerMerchantId: string | undefined;
    attributionId: string | undefined;
    apiBase: string;
    /** The first wait before reading an unlisted new batch again; then twice, then four times as long. */
    batchListWaitMs: number;
  };
  /** Nium: the client's credentials; webhookPartnerKey is the x-partner-key its webhooks carry. */
  nium: {
    apiKey: string | undefined;
    clientHashId: string | undefined;
    clientName: string;
    webhookPartnerKey: string | undefined;
    apiBase: string;
  };
  /** SMS: `from` (a number) or `messagingServiceSid` sends; the service wins when both are set. */
  sms: {
    accountSid: string | undefined;
    authToken: string | undefined;
    from: string | undefined;
    messagingServiceSid: string | undefined;
    apiBase: string;
  };
  quickbooks: QuickbooksSettings;
  /** Dropbox Sign: the account's API key (calls, and the HMAC of its callbacks) and the API app's client id (embedded editor). */
  dropboxSign: { apiKey: string | undefined; clientId: string | undefined; apiBase: string; embeddedOrigin: string; testMode: boolean };
};

/** QuickBooks Online: the app's keys, its registered redirect URI, Intuit's environment and addresses. */
export type QuickbooksSettings = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string | undefined;
  environment: 'sandbox' | 'production' | undefined;
  /** The Accounting API: given, or the environment's (production or development sandbox companies). */
  apiBase: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
};

const QUICKBOOKS_API_BASES = { sandbox: 'https://sandbox-quickbooks.api.intuit.com', production: 'https://quickbooks.api.intuit.com' };

/**
 * Reads and checks the environment once at boot. A bad value stops the process with a
 * message that names the variable, rather than failing later in a request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const storage = storageSettings(values);
  // npm runs workspace scripts inside the workspace; ./data means the folder npm was started from.
  const baseDir = env.INIT_CWD ?? process.cwd();
  return {
    port: values.PORT,
    host: values.HOST,
    trustProxy: values.TRUST_PROXY,
    operatorToken: values.OPERATOR_TOKEN ?? randomBytes(24).toString('base64url'),
    webhookAllowedHosts: values.WEBHOOK_ALLOWED_HOSTS,
    dataDir: path.resolve(baseDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    isSandbox: values.SANDBOX,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: (values.PUBLIC_URL ?? defaultPublicUrl(values.HOST, values.PORT)).replace(/\/$/, ''),
    passkeys: passkeySettings(values.PUBLIC_URL ?? defaultPublicUrl(values.HOST, values.PORT)),
    secretsKey: values.SECRETS_KEY,
    sessionTtlHours: values.SESSION_TTL_HOURS,
    logLevel: values.LOG_LEVEL,
    runWorkers: values.RUN_WORKERS,
    sandboxAchDelaySeconds: values.SANDBOX_ACH_DELAY_SECONDS,
    transferOutOrgId: values.TRANSFER_OUT_ORG_ID,
    paymentLimits: { memo_max_length: values.PAYMENT_MEMO_MAX_LENGTH, min_amount: values.PAYMENT_MIN_AMOUNT },
    isPaymentMethodWizardOn: values.PAYMENT_METHOD_WIZARD,
    requestLimits: {
      signedInMax: values.RATE_LIMIT_SIGNED_IN_MAX,
      anonymousMax: values.RATE_LIMIT_ANONYMOUS_MAX,
      windowSeconds: values.RATE_LIMIT_WINDOW_SECONDS,
      signUpsPerIp: values.RATE_LIMIT_SIGN_UPS_PER_IP,
    },
    providers: {
      stripe: {
        secretKey: values.STRIPE_SECRET_KEY,
        webhookSecret: values.STRIPE_WEBHOOK_SECRET,
        connectWebhookSecret: values.STRIPE_CONNECT_WEBHOOK_SECRET,
        publishableKey: values.STRIPE_PUBLISHABLE_KEY,
        platformFinancialAccount: values.STRIPE_PLATFORM_FINANCIAL_ACCOUNT,
        apiBase: values.STRIPE_API_BASE,
      },
      paypal: {
        clientId: values.PAYPAL_CLIENT_ID,
        clientSecret: values.PAYPAL_CLIENT_SECRET,
        webhookId: values.PAYPAL_WEBHOOK_ID,
        partnerMerchantId: values.PAYPAL_PARTNER_MERCHANT_ID,
        attributionId: values.PAYPAL_PARTNER_ATTRIBUTION_ID,
        apiBase: values.PAYPAL_API_BASE.replace(/\/$/, ''),
        batchListWaitMs: values.PAYPAL_BATCH_LIST_WAIT_MS,
      },
      nium: {
        apiKey: values.NIUM_API_KEY,
        clientHashId: values.NIUM_CLIENT_HASH_ID,
        clientName: values.NIUM_CLIENT_NAME,
        webhookPartnerKey: values.NIUM_WEBHOOK_PARTNER_KEY,
        apiBase: values.NIUM_API_BASE.replace(/\/$/, ''),
      },
      sms: {
        accountSid: values.SMS_ACCOUNT_SID,
        authToken: values.SMS_AUTH_TOKEN,
        from: values.SMS_FROM,
        messagingServiceSid: values.SMS_MESSAGING_SERVICE_SID,
        apiBase: values.SMS_API_BASE.replace(/\/$/, ''),
      },
      quickbooks: {
        clientId: values.QUICKBOOKS_CLIENT_ID,
        clientSecret: values.QUICKBOOKS_CLIENT_SECRET,
        redirectUri: values.QUICKBOOKS_REDIRECT_URI,
        environment: values.QUICKBOOKS_ENVIRONMENT,
        apiBase: (values.QUICKBOOKS_API_BASE ?? QUICKBOOKS_API_BASES[values.QUICKBOOKS_ENVIRONMENT ?? 'production']).replace(/\/$/, ''),
        authorizeUrl: values.QUICKBOOKS_AUTHORIZE_URL,
        tokenUrl: values.QUICKBOOKS_TOKEN_URL,
        revokeUrl: values.QUICKBOOKS_REVOKE_URL,
      },
      dropboxSign: {
        apiKey: values.DROPBOX_SIGN_API_KEY,
        clientId: values.DROPBOX_SIGN_CLIENT_ID,
        apiBase: values.DROPBOX_SIGN_API_BASE.replace(/\/$/, ''),
        embeddedOrigin: new URL(values.DROPBOX_SIGN_EMBEDDED_ORIGIN).origin,
        testMode: values.DROPBOX_SIGN_TEST_MODE,
      },
    },
    esignProvider: values.ESIGN_PROVIDER,
    storage,
    sentryDsn: values.SENTRY_DSN,
    analyticsEnabled: values.ANALYTICS_ENABLED,
  };
}

/**
 * The bucket of STORAGE_URL and how to reach it. Files there are sealed with a key derived from
 * SECRETS_KEY, which every instance must share: one generated into a machine's DATA_DIR would
 * leave the other instances unable to read what it stored, so it must be set.
 */
function storageSettings(values: EnvValues): StorageSettings {
  if (!values.STORAGE_URL) return { kind: 'local' };
  const problems: string[] = [];
  if (!values.SECRETS_KEY) problems.push('SECRETS_KEY: must be set with STORAGE_URL (every instance seals and opens the files with it)');
  if (Boolean(values.STORAGE_ACCESS_KEY_ID) !== Boolean(values.STORAGE_SECRET_ACCESS_KEY))
    problems.push('STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds its own credentials)');
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const [bucket = '', ...rest] = values.STORAGE_URL.slice('s3://'.length).split('/');
  const prefix = rest.filter(Boolean).join('/');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: values.STORAGE_ENDPOINT,
    region: values.STORAGE_REGION,
    credentials:
      values.STORAGE_ACCESS_KEY_ID && values.STORAGE_SECRET_ACCESS_KEY
        ? { accessKeyId: values.STORAGE_ACCESS_KEY_ID, secretAccessKey: values.STORAGE_SECRET_ACCESS_KEY }
        : undefined,
    // MinIO and most self-hosted servers want path-style addresses; AWS and R2 take either.
    forcePathStyle: values.STORAGE_FORCE_PATH_STYLE ?? values.STORAGE_ENDPOINT !== undefined,
    timeoutMs: values.STORAGE_TIMEOUT_SECONDS * 1000,
  };
}

/**
 * WebAuthn refuses an IP address as the relying party: an address like 127.0.0.1 (the default in
 * dev and tests) becomes localhost, which browsers treat as secure too.
 */
function passkeySettings(publicUrl: string): { rpId: string; origin: string } {
  const url = new URL(publicUrl);
  const isIpAddress = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
  if (isIpAddress) url.hostname = 'localhost';
  return { rpId: url.hostname, origin: url.origin };
}

/**
 * Emailed links must open where the app is served: the host it listens on, or 127.0.0.1 when it
 * listens on every address (the machine's own name is not known here; set PUBLIC_URL then).
 */
function defaultPublicUrl(host: string, port: number): string {
  const isAnyAddress = host === '0.0.0.0' || host === '::';
  const name = isAnyAddress ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
