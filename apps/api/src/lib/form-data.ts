/**
 * multipart/form-data (RFC 7578) read and written by hand, for the few places that speak it
 * outside a route's own parser: a provider's callback kept as raw bytes for its signature, and
 * the fakes that stand in for providers. Small bodies only: everything is held in memory.
 */
export type FormPart = { name: string; filename?: string; contentType?: string; value: Buffer };

/** The boundary a Content-Type header names, or null when it is not multipart/form-data. */
function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 200 ? boundary : null;
}

function headerParam(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(header) ?? new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header);
  return match?.[1];
}

/** The parts of a multipart body; an empty list when the body is not one (no boundary, no parts). */
export function parseFormData(body: Buffer, contentType: string | undefined): FormPart[] {
  const boundary = multipartBoundary(contentType);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    // The closing delimiter ends in "--".
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next < 0) break;
    const part = body.subarray(afterDelimiter, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString('utf8').split('\r\n');
      const disposition = headers.find((line) => /^content-disposition:/i.test(line)) ?? '';
      const type = headers.find((line) => /^content-type:/i.test(line));
      const name = headerParam(disposition, 'name');
      // The part's value ends before the CRLF that precedes the next delimiter.
      const value = part.subarray(headerEnd + 4, Math.max(headerEnd + 4, part.length - 2));
      if (name !== undefined)
        parts.push({
          name,
          filename: headerParam(disposition, 'filename'),
          contentType: type?.replace(/^content-type:\s*/i, '').trim(),
          value: Buffer.from(value),
        });
    }
    start = next;
  }
  return parts;
}

/** A multipart body of the given parts, with its Content-Type header. */
export function buildFormData(parts: FormPart[], boundary = `----crewpay${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename.replace(/["\r\n]/g, '_')}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`));
    chunks.push(part.value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
