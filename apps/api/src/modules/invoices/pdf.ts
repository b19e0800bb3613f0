import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describeNet, dueDateOf, formatCents } from '@crewpay/core';
import type { Invoice } from '../../db/schema/index.ts';

/** What an invoice's PDF and its receipt print: the invoice, who sent it and to whom. */
export type InvoiceDocument = {
  invoice: Invoice;
  org: { name: string; address_lines: string[] };
  customer: { name: string; email: string | null };
};
/** The payment a receipt stands for: when it was made and how. */
export type ReceiptPayment = { paid_at: Date; method: string };

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const LETTER: [number, number] = [612, 792];
const MARGIN = 56;

type Fonts = { regular: PDFFont; bold: PDFFont };
type Line = { text: string; size?: number; bold?: boolean; muted?: boolean; gap?: number };

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
      y -= line.gap ?? 0;
    }
  };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

async function render(title: string, draw: (write: ReturnType<typeof writer>) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Crewpay');
  doc.setCreator('Crewpay');
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  draw(writer(doc, fonts));
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

/** The invoice as a PDF: its number, dates and terms, the parties, what is billed and the total. */
export function renderInvoicePdf(source: InvoiceDocument): Promise<Uint8Array> {
  const { invoice } = source;
  return render(`Invoice ${invoice.number}`, (write) => {
    write([
      { text: `Invoice ${invoice.number}`, size: 22, bold: true, gap: 6 },
      {
        text: `Issued ${day(invoice.created_at)} - due ${dueDateOf(invoice.created_at, invoice.net)} (${describeNet(invoice.net)})`,
        muted: true,
      },
      { text: `Status: ${statusLine(invoice)}`, muted: true, gap: 14 },
      ...parties(source),
      { text: invoice.title, bold: true, size: 13, gap: 2 },
      { text: invoice.description, gap: 14 },
      { text: `Total due: ${formatCents(invoice.amount)}`, size: 14, bold: true },
    ]);
  });
}

/** The receipt of a paid invoice: what was paid, when and how. */
export function renderReceiptPdf(source: InvoiceDocument, payment: ReceiptPayment): Promise<Uint8Array> {
  const { invoice } = source;
  return render(`Receipt for invoice ${invoice.number}`, (write) => {
    write([
      { text: 'Receipt', size: 22, bold: true, gap: 6 },
      { text: `For invoice ${invoice.number}: ${invoice.title}`, muted: true, gap: 14 },
      ...parties(source),
      { text: `Amount paid: ${formatCents(invoice.amount)}`, size: 14, bold: true, gap: 4 },
      { text: `Paid on ${day(payment.paid_at)}` },
      { text: `Payment method: ${payment.method}`, gap: 14 },
      { text: `Thank you for your payment to ${source.org.name}.`, muted: true },
    ]);
  });
}
