import type { Config } from '../../config.ts';
import { fileStorage } from '../storage/index.ts';
import { createBuiltinEsign } from './builtin.ts';
import type { EsignProvider } from './types.ts';

export type { EsignProvider, SignatureInput, SignedDocument } from './types.ts';
export { EsignRequestError, readAll } from './builtin.ts';
export { readPdf } from './pdf.ts';
export { blockRectangle, sha256 } from './stamp.ts';

/** The e-signature service: Crewpay's built-in one (a Dropbox Sign or Documenso adapter would plug in here). */
export function esignProvider(config: Pick<Config, 'dataDir'>): EsignProvider {
  return createBuiltinEsign(fileStorage(config));
}
