import { PDFDocument } from 'pdf-lib';

/** A PDF by content: the %PDF- header and a parse that finds at least one page (encrypted files refused). */
export async function readPdf(
  bytes: Uint8Array,
): Promise<{ ok: true; pages: { width: number; height: number }[] } | { ok: false; reason: 'type' | 'unreadable' }> {
  if (bytes.length < 8 || Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return { ok: false, reason: 'type' };
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    const pages = document.getPages().map((page) => page.getSize());
    if (pages.length === 0) return { ok: false, reason: 'unreadable' };
    return { ok: true, pages };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
