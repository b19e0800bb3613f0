import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { fileStorage } from '../storage/index.ts';
import { createBuiltinEsign } from './builtin.ts';
import { createDropboxSignEsign, DROPBOX_SIGN_PROVIDER, type DropboxSignEsign } from './dropbox-sign.ts';
import type { BuiltinEsign } from './types.ts';

export { EsignRequestError, readAll } from './builtin.ts';
export { isSignaturePng, readPdf, type PdfRefusal } from './pdf.ts';
export type { PdfThreads } from './pdf-thread.ts';
export { sha256 } from './stamp.ts';
export { DROPBOX_SIGN_PROVIDER } from './dropbox-sign.ts';
export { dropboxSignWebhookVerifier } from './dropbox-sign-callback.ts';

/** The provider name of the built-in e-signature in provider_calls and POST /v1/webhooks/:provider. */
export const ESIGN_PROVIDER = 'crewpay-esign';

/** Crewpay's built-in e-signature service: it signs on our own page (the link we email). */
export function esignProvider(deps: {
  config: Pick<Config, 'dataDir' | 'storage' | 'secretsKey'>;
  secrets: SecretBox;
  kernel: AppDeps['kernel'];
}): BuiltinEsign {
  return createBuiltinEsign({
    storage: fileStorage(deps),
    webhookSecret: `whsec_${deps.secrets.deriveKey('crewpay-esign-webhooks')}`,
    pdfThreads: deps.kernel.clients.pdfThreads,
  });
}

/** Dropbox Sign with this configuration's API key and app (ESIGN_PROVIDER=dropbox_sign). */
export function dropboxSign(deps: {
  config: Pick<Config, 'dataDir' | 'storage' | 'secretsKey' | 'providers'>;
  kernel: AppDeps['kernel'];
}): DropboxSignEsign {
  return createDropboxSignEsign({
    settings: deps.config.providers.dropboxSign,
    storage: fileStorage(deps),
    pdfThreads: deps.kernel.clients.pdfThreads,
  });
}

/** The provider name new contracts and templates are sent with: ESIGN_PROVIDER chooses. */
export const configuredEsignProvider = (config: Pick<Config, 'esignProvider'>): string =>
  config.esignProvider === 'dropbox_sign' ? DROPBOX_SIGN_PROVIDER : ESIGN_PROVIDER;
