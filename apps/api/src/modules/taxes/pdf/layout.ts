import { rgb, StandardFonts, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/** The two faces every form uses; embedded once per document. */
export type Fonts = { regular: PDFFont; bold: PDFFont };

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
}

const INK = rgb(0.1, 0.1, 0.12);
const RULE = rgb(0.2, 0.2, 0.25);
const SHADE = rgb(0.93, 0.93, 0.95);

/** Standard fonts speak WinAnsi only: anything else (an emoji in a name) is replaced rather than failing the run. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** Shrinks text until it fits the width, so a long name never runs over the next box. */
function fitted(font: PDFFont, text: string, size: number, width: number): number {
  let fit = size;
  while (fit > 5 && font.widthOfTextAtSize(text, fit) > width) fit -= 0.5;
  return fit;
}

type BoxSpec = {
  /** Left, top (from the page's top), width, height, in points. */
  x: number;
  top: number;
  width: number;
  height: number;
  label: string;
  /** Lines of content; the first sits under the label. */
  lines?: string[];
  /** Money boxes print right-aligned with a dollar sign, like the IRS form. */
  amount?: string;
  shaded?: boolean;
};

/** One ruled box of a form: a small label at its top left, content under it. */
export function drawBox(page: PDFPage, fonts: Fonts, box: BoxSpec): void {
  const pageHeight = page.getHeight();
  const bottom = pageHeight - box.top - box.height;
  page.drawRectangle({
    x: box.x,
    y: bottom,
    width: box.width,
    height: box.height,
    borderColor: RULE,
    borderWidth: 0.75,
    ...(box.shaded ? { color: SHADE } : {}),
  });
  const labelLines = box.label.split('\n');
  labelLines.forEach((line, index) => {
    const text = printable(line);
    page.drawText(text, {
      x: box.x + 3,
      y: pageHeight - box.top - 8 - index * 7.5,
      size: fitted(fonts.regular, text, 6.5, box.width - 6),
      font: fonts.regular,
      color: INK,
    });
  });
  const contentTop = pageHeight - box.top - 10 - labelLines.length * 7.5;
  (box.lines ?? []).forEach((line, index) => {
    const text = printable(line);
    page.drawText(text, {
      x: box.x + 5,
      y: contentTop - index * 11,
      size: fitted(fonts.regular, text, 9.5, box.width - 10),
      font: fonts.regular,
      color: INK,
    });
  });
  if (box.amount !== undefined) {
    const text = `$ ${box.amount}`;
    const size = fitted(fonts.bold, text, 10, box.width - 10);
    page.drawText('$', { x: box.x + 5, y: bottom + 6, size: 10, font: fonts.bold, color: INK });
    page.drawText(box.amount, {
      x: box.x + box.width - 5 - fonts.bold.widthOfTextAtSize(box.amount, size),
      y: bottom + 6,
      size,
      font: fonts.bold,
      color: INK,
    });
  }
}

/** Text placed from the page's top. */
export function drawText(page: PDFPage, font: PDFFont, text: string, options: { x: number; top: number; size: number }): void {
  page.drawText(printable(text), { x: options.x, y: page.getHeight() - options.top - options.size, size: options.size, font, color: INK });
}

/** A paragraph wrapped to a width, placed from the top; answers where it ended. */
export function drawParagraph(
  page: PDFPage,
  font: PDFFont,
  text: string,
  options: { x: number; top: number; width: number; size: number },
): number {
  const words = printable(text).split(/\s+/);
  let line = '';
  let top = options.top;
  const flush = () => {
    if (!line) return;
    drawText(page, font, line, { x: options.x, top, size: options.size });
    top += options.size * 1.35;
    line = '';
  };
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, options.size) > options.width) flush();
    line = line ? `${line} ${word}` : word;
  }
  flush();
  return top;
}
