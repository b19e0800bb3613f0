import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/** A PDF of numbered objects (bodies as given) with a cross-reference table; object 1 is the catalog. */
function assemblePdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const size = objects.length + 1;
  parts.push(
    Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`),
  );
  return Buffer.concat(parts);
}

const onePage = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
];

/**
 * A decompression bomb: a one-page PDF whose object stream holds one small object followed by
 * `megabytes` MB of spaces, Flate-compressed about a thousand to one. The data is deflated a
 * megabyte at a time, so making it never holds the expanded bytes.
 */
export async function pdfBomb(megabytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const object = '5 0 << /Note (inside the object stream) >>\n';
  deflate.write(Buffer.from(object));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 0; written < megabytes; written += 1) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(chunks);
  const stream = Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
  return assemblePdf([...onePage, stream]);
}

/** A one-page PDF followed by `count` null objects. */
export function pdfWithObjects(count: number): Buffer {
  return assemblePdf([...onePage, ...Array.from({ length: count }, () => 'null')]);
}

/** A PDF of `count` blank pages. */
export async function pdfWithPages(count: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < count; page += 1) document.addPage([612, 792]);
  return Buffer.from(await document.save());
}

/** A PNG data URL of a black grayscale image: its compressed size stays small whatever its dimensions. */
export function blankPngDataUrl(width: number, height: number): string {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per sample, grayscale (colour type 0)
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 9 }); // each row: filter 0, black pixels
  const png = Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
