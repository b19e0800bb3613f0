import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describeNet, dueDateOf, formatInvoiceAmount } from '@crewpay/core';
import type { Invoice } from '../../db/schema/index.ts';

/** What an invoice's PDF and its receipt print: the invoice, who sent it (with its logo) and to whom. */
export type InvoiceDocument = {
  invoice: Invoice;
  org: { name: string; address_lines: string[]; logo?: { content_type: string; bytes: Uint8Array } | null };
  customer: { name: string; email: string | null };
};
/** The payment a receipt stands for: when it was made and how. */
export type ReceiptPayment = { paid_at: Date; method: string };

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const LETTER: [number, number] = [612, 792];
const MARGIN = 56;

type Fonts = { regular: PDFFont; bold: PDFFont };
/** A line of text; `right` prints on the same line against the right margin (an amount); `rule` draws a line under it. */
type Line = { text: string; size?: number; bold?: boolean; muted?: boolean; gap?: number; right?: string; rule?: boolean };

/** Standard fonts encode WinAnsi only: any other character (an emoji in a title) prints as '?' rather than failing. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\t]/g, ' ')].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Breaks text into lines that fit the width (long words are cut), paragraph by paragraph. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
      else {
        if (current) lines.push(current);
        current = word;
        while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut -= 1;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
    }
    lines.push(current);
  }
  return lines;
}

/** Writes lines from the top down; a description longer than the page continues on a new one. */
function writer(doc: PDFDocument, fonts: Fonts) {
  let page: PDFPage = doc.addPage(LETTER);
  let y = LETTER[1] - MARGIN;
  return (lines: Line[]) => {
    for (const line of lines) {
      const size = line.size ?? 11;
      const font = line.bold ? fonts.bold : fonts.regular;
      for (const text of wrap(font, printable(font, line.text), size, LETTER[0] - 2 * MARGIN)) {
        if (y - size < MARGIN) {
          page = doc.addPage(LETTER);
          y = LETTER[1] - MARGIN;
        }
        y -= size + 4;
        page.drawText(text, { x: MARGIN, y, size, font, color: line.muted ? MUTED : INK });
      }
      if (line.right) {
        const right = printable(font, line.right);
        page.drawText(right, { x: LETTER[0] - MARGIN - font.widthOfTextAtSize(right, size), y, size, font, color: INK });
      }
      if (line.rule) {
        y -= 6;
        page.drawLine({ start: { x: MARGIN, y }, end: { x: LETTER[0] - MARGIN, y }, thickness: 0.75, color: MUTED });
      }
      y -= line.gap ?? 0;
    }
  };
}

const people = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A day as people write it ("Nov 28, 2026"), from a time or a YYYY-MM-DD day. */
const day = (date: Date | string) => people.format(typeof date === 'string' ? new Date(`${date}T12:00:00Z`) : date);

const LOGO_BOX = { width: 140, height: 56 };

/** The organisation's logo at the top right of the first page (PNG or JPEG; a WebP logo is left out: PDF cannot carry it). */
async function drawLogo(doc: PDFDocument, logo: InvoiceDocument['org']['logo']): Promise<void> {
  if (!logo || (logo.content_type !== 'image/png' && logo.content_type !== 'image/jpeg')) return;
  const image = await (logo.content_type === 'image/png' ? doc.embedPng(logo.bytes) : doc.embedJpg(logo.bytes)).catch(() => null);
  if (!image) return;
  const scaled = image.scaleToFit(LOGO_BOX.width, LOGO_BOX.height);
  const page = doc.getPage(0);
  page.drawImage(image, { x: LETTER[0] - MARGIN - scaled.width, y: LETTER[1] - MARGIN - scaled.height, ...scaled });
}

async function render(
  title: string,
  logo: InvoiceDocument['org']['logo'],
  draw: (write: ReturnType<typeof writer>) => void,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Crewpay');
  doc.setCreator('Crewpay');
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  draw(writer(doc, fonts));
  await drawLogo(doc, logo);
  return doc.save();
}

const parties = (source: InvoiceDocument): Line[] => [
  { text: 'From', bold: true, size: 10 },
  { text: source.org.name },
  ...source.org.address_lines.map((text) => ({ text, muted: true })),
  { text: '', gap: 4 },
  { text: 'Billed to', bold: true, size: 10 },
  { text: source.customer.name },
  ...(source.customer.email ? [{ text: source.customer.email, muted: true }] : []),
  { text: '', gap: 8 },
];

const statusLine = (invoice: Invoice): string => {
  if (invoice.status === 'succeeded') return `Paid${invoice.paid_at ? ` on ${day(invoice.paid_at)}` : ''}`;
  return invoice.status === 'canceled' ? 'Canceled' : 'Open';
};

/**
 * The invoice's line items: what it bills, with its amount. An invoice bills one item (its title and
 * description); the table is the document's shape for it.
 */
const lineItems = (invoice: Invoice): Line[] => [
  { text: 'Description', bold: true, size: 10, right: 'Amount', rule: true, gap: 4 },
  { text: invoice.title, bold: true, right: formatInvoiceAmount(invoice.amount, invoice.currency), gap: 2 },
  ...(invoice.description.trim() ? [{ text: invoice.description, muted: true }] : []),
  { text: '', rule: true, gap: 6 },
  { text: 'Subtotal', right: formatInvoiceAmount(invoice.amount, invoice.currency), gap: 4 },
];

/** The invoice as a PDF: logo, number, dates and terms, the parties, its line items and the total ("Paid" once paid). */
export function renderInvoicePdf(source: InvoiceDocument): Promise<Uint8Array> {
  const { invoice } = source;
  const isPaid = invoice.status === 'succeeded';
  return render(`Invoice ${invoice.number}`, source.org.logo, (write) => {
    write([
      { text: `Invoice ${invoice.number}`, size: 22, bold: true, gap: 6 },
      { text: `Issued ${day(invoice.created_at)}`, muted: true },
      { text: `Due ${day(dueDateOf(invoice.created_at, invoice.net))} (${describeNet(invoice.net)})`, muted: true },
      { text: `Status: ${statusLine(invoice)}`, muted: true, gap: 14 },
      ...parties(source),
      ...lineItems(invoice),
      { text: isPaid ? 'Paid' : 'Total due', size: 14, bold: true, right: formatInvoiceAmount(invoice.amount, invoice.currency) },
    ]);
  });
}

/** The receipt of a paid invoice: what was paid, when and how. */
export function renderReceiptPdf(source: InvoiceDocument, payment: ReceiptPayment): Promise<Uint8Array> {
  const { invoice } = source;
  return render(`Receipt for invoice ${invoice.number}`, source.org.logo, (write) => {
    write([
      { text: 'Receipt', size: 22, bold: true, gap: 6 },
      { text: `For invoice ${invoice.number}: ${invoice.title}`, muted: true, gap: 14 },
      ...parties(source),
      ...lineItems(invoice),
      { text: 'Amount paid', size: 14, bold: true, right: formatInvoiceAmount(invoice.amount, invoice.currency), gap: 4 },
      { text: `Paid on ${day(payment.paid_at)}` },
      { text: `Payment method: ${payment.method}`, gap: 14 },
      { text: `Thank you for your payment to ${source.org.name}.`, muted: true },
    ]);
  });
}
