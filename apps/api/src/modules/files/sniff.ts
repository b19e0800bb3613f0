import { stripBidiControls, type CampaignFileType } from '@crewpay/core';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const startsWith = (bytes: Buffer, signature: number[] | string, offset = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
};

/** The names in a ZIP's central directory (an Office document is a ZIP with known parts), or null if it is not a readable ZIP. */
function zipEntryNames(bytes: Buffer): string[] | null {
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 64 KiB comment.
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= floor; at -= 1) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    names.push(bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function officeType(bytes: Buffer): CampaignFileType | null {
  const names = zipEntryNames(bytes);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.includes('word/document.xml')) return DOCX;
  if (names.includes('xl/workbook.xml')) return XLSX;
  return null;
}

/** Plain text: valid UTF-8 without NUL or control bytes, and not markup (HTML, SVG, XML could run script in a browser). */
function isSafeText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (head.startsWith('<') || head.startsWith('#!')) return false;
  return !/<\s*(script|html|body|iframe|svg|object|embed)\b/.test(text.slice(0, 64 * 1024).toLowerCase());
}

/**
 * The file's type from its bytes, never from its name or the browser's word: PDF, PNG, JPEG,
 * GIF, WebP, DOCX, XLSX, or CSV / plain text. Anything else (executables, HTML, archives...) is null.
 */
export function detectFileType(bytes: Buffer, fileName: string): CampaignFileType | null {
  if (startsWith(bytes, '%PDF-')) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeType(bytes);
  if (isSafeText(bytes)) return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
  return null;
}

const extensions: Record<CampaignFileType, string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  [DOCX]: ['docx'],
  [XLSX]: ['xlsx'],
  'text/csv': ['csv'],
  'text/plain': ['txt', 'text', 'md', 'log'],
} as Record<CampaignFileType, string[]>;

/**
 * A name safe to store and to send back in Content-Disposition: no folders, no control or
 * reserved characters, at most `max` characters, and an extension that matches the detected
 * type (a PDF named "invoice.exe" is kept as "invoice.exe.pdf").
 */
export function sanitizeFileName(original: string, type: CampaignFileType, max = 200): string {
  // Bidirectional controls would show "\u202Efdp.exe" as "exe.pdf": removed first.
  const base = stripBidiControls(original).split(/[\\/]/).pop() ?? '';
  let name = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*;]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  const allowed = extensions[type];
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (!name) name = 'file';
  const suffix = allowed.includes(extension) ? '' : `.${allowed[0]}`;
  const room = max - suffix.length;
  if (name.length > room) {
    const keep = suffix ? '' : `.${extension}`;
    name = name.slice(0, room - keep.length) + keep;
  }
  return name + suffix;
}

/** Content-Disposition for a download: always an attachment, with an ASCII fallback and the UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
