import type { Config } from '../../config.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { fileStorage } from '../storage/index.ts';
import { createBuiltinEsign } from './builtin.ts';
import type { EsignProvider } from './types.ts';

export type { EsignEvent, EsignProvider, SignatureInput, SignedDocument } from './types.ts';
export { EsignSignatureError } from './webhook.ts';
export { EsignRequestError, readAll } from './builtin.ts';
export { isSignaturePng, readPdf, type PdfRefusal } from './pdf.ts';
export { blockRectangle, sha256 } from './stamp.ts';

/** The e-signature service: Crewpay's built-in one (a Dropbox Sign or Documenso adapter would plug in here). */
export function esignProvider(deps: { config: Pick<Config, 'dataDir' | 'storage' | 'secretsKey'>; secrets: SecretBox }): EsignProvider {
  return createBuiltinEsign({
    storage: fileStorage(deps.config),
    webhookSecret: `whsec_${deps.secrets.deriveKey('crewpay-esign-webhooks')}`,
  });
}

/** The provider name of the built-in e-signature in provider_calls and POST /v1/webhooks/:provider. */
export const ESIGN_PROVIDER = 'crewpay-esign';
