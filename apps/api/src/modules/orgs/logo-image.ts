import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors.ts';

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

const INVALID_LOGO_MESSAGE = 'invalid file type';
/** A logo is shown 70 px high: 4096 px a side is plenty, and bounds the memory a decode takes (64 MB of RGBA). */
const LOGO_MAX_SIDE = 4096;
const LOGO_TOO_BIG_MESSAGE = `The logo must be at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels`;
const DECODE_TIMEOUT_SECONDS = 10;

const invalid = () => new AppError('validation_error', INVALID_LOGO_MESSAGE, { field: 'file' });

/**
 * The type is read from the bytes, never from the file name or the declared type: a PNG
 * named .exe is a PNG; an HTML page named .png is refused. SVG is refused (it can carry script).
 * Only a first gate: the bytes must then decode (decodeLogo).
 */
function sniffLogoType(bytes: Buffer): LogoType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const sharpFormat: Record<LogoType, 'png' | 'jpeg' | 'webp'> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/**
 * The logo as it is stored: the upload fully decoded (libvips, through sharp, on its own thread
 * pool) and encoded again in its own format. A file that only starts like an image (a PNG header
 * before HTML), a truncated or corrupt one, or one whose header names another format is refused;
 * what is stored holds pixels only: no metadata (EXIF, GPS), no bytes appended after the image.
 * The EXIF orientation is applied first, so the logo keeps the way it looked.
 */
export async function decodeLogo(bytes: Buffer): Promise<{ content_type: LogoType; bytes: Buffer }> {
  const contentType = sniffLogoType(bytes);
  if (!contentType) throw invalid();
  const format = sharpFormat[contentType];
  const image = sharp(bytes, { failOn: 'warning', limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE, pages: 1 });
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch {
    throw invalid();
  }
  if (metadata.format !== format) throw invalid();
  if ((metadata.width ?? 0) > LOGO_MAX_SIDE || (metadata.height ?? 0) > LOGO_MAX_SIDE)
    throw new AppError('validation_error', LOGO_TOO_BIG_MESSAGE, { field: 'file' });
  try {
    const encoded = await image
      .rotate()
      .toFormat(format, format === 'png' ? {} : { quality: 90 })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .toBuffer();
    return { content_type: contentType, bytes: encoded };
  } catch {
    throw invalid();
  }
}
