import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import { createPdfThreads, type PdfThreads } from './esign/pdf-thread.ts';
import { paypalClient, type PaypalTokens } from './clients/paypal-client.ts';
import { newStripeClient, type StripeSettings } from './clients/stripe-client.ts';
import { openFileStorage, type StorageConfig } from './storage/open.ts';
import type { FileStorage } from './storage/types.ts';

/**
 * What a process keeps open between calls to the outside: Stripe's clients (their sockets),
 * PayPal's bearer tokens, the file storage (its S3 client), and the slots of its PDF worker
 * threads (esign/pdf-thread.ts: at most two read at once). Built with the process's kernel
 * (events/kernel.ts), never at module level: two apps in one process (the tests, a script beside
 * a server) share nothing, and a setting changed in a test's config gets its own client.
 */
type ProviderClients = {
  stripe(settings: StripeSettings): Stripe;
  readonly paypalTokens: PaypalTokens;
  fileStorage(config: StorageConfig): FileStorage;
  readonly pdfThreads: PdfThreads;
};

declare module '../deps.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Kernel {
    readonly clients: ProviderClients;
  }
}

/** What finding a client takes: the process's kernel and the configuration's provider settings. */
type ClientDeps = { config: Pick<Config, 'providers'>; kernel: AppDeps['kernel'] };

export function createProviderClients(): ProviderClients {
  const stripes = new Map<string, Stripe>();
  const storages = new Map<string, FileStorage>();
  return {
    stripe(settings) {
      const key = `${settings.apiBase} ${settings.secretKey}`;
      let client = stripes.get(key);
      if (!client) stripes.set(key, (client = newStripeClient(settings)));
      return client;
    },
    paypalTokens: new Map(),
    fileStorage(config) {
      const key = JSON.stringify([config.dataDir, config.storage, config.secretsKey]);
      let storage = storages.get(key);
      if (!storage) storages.set(key, (storage = openFileStorage(config)));
      return storage;
    },
    pdfThreads: createPdfThreads(),
  };
}

/** The process's Stripe client for its configured account. */
export const stripeFor = (deps: ClientDeps): Stripe => deps.kernel.clients.stripe(deps.config.providers.stripe);

/** PayPal's REST client for the configured partner, with the process's tokens. */
export const paypalFor = (deps: ClientDeps) => paypalClient(deps.config.providers.paypal, deps.kernel.clients.paypalTokens);
