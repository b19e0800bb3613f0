import { PDF_LIMITS, type PdfLimit } from '@crewpay/core';
import type { PdfThreads } from './pdf-thread.ts';
import type { PageSize, StampOptions } from './pdf-tasks.ts';

export type PdfRefusal = 'type' | 'unreadable' | PdfLimit;

/**
 * A PDF by content: the %PDF- header, then one parse in the PDF worker (pdf-thread.ts) that finds
 * at least one page within PDF_LIMITS (encrypted files refused). Answers each page's size.
 */
export async function readPdf(
  threads: PdfThreads,
  bytes: Uint8Array,
): Promise<{ ok: true; pages: PageSize[] } | { ok: false; reason: PdfRefusal }> {
  if (bytes.length < 8 || Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return { ok: false, reason: 'type' };
  const outcome = await threads.run('inspect', { bytes });
  return outcome.ok ? { ok: true, pages: outcome.value.pages } : { ok: false, reason: outcome.refusal };
}

/** Stamps a signed PDF in the PDF worker, within the same limits as its upload. */
export async function stampPdf(threads: PdfThreads, options: StampOptions) {
  return threads.run('stamp', options);
}

const PNG_SIGNATURE = '89504e470d0a1a0a';

/**
 * The width and height of a PNG whose only IHDR chunk comes first (a later one would resize the
 * image after this check), read from its chunk headers without decoding anything; null otherwise.
 */
function pngDimensions(png: Uint8Array): PageSize | null {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (bytes.length < 33 || bytes.subarray(0, 8).toString('hex') !== PNG_SIGNATURE) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  for (let offset = 33; offset + 8 <= bytes.length; offset += 12 + bytes.readUInt32BE(offset)) {
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IHDR') return null;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A drawn signature: a PNG of at most PDF_LIMITS.signaturePixels that pdf-lib embeds (in the PDF worker). */
export async function isSignaturePng(threads: PdfThreads, png: Uint8Array): Promise<boolean> {
  const size = pngDimensions(png);
  if (!size || size.width * size.height > PDF_LIMITS.signaturePixels) return false;
  return (await threads.run('signature_png', { png })).ok;
}
