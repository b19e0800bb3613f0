import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { TaxFormBody } from '@crewpay/core';
import { drawBox, drawParagraph, drawText, embedFonts, type Fonts } from '../taxes/index.ts';
import { formLayout, type FormLine } from './form-lines.ts';

const LETTER: [number, number] = [612, 792];
const LEFT = 36;
const WIDTH = 540;
const LINE_HEIGHT = 30;

/** How, when and from where the form was signed: printed under the signature. */
type SignatureEvidence = { signer_name: string; signed_at: Date; ip_address: string; user_agent: string };

/** The form's lines as ruled boxes, two to a row where the form pairs them; answers where they end. */
function drawLines(page: PDFPage, fonts: Fonts, lines: FormLine[], top: number): number {
  let at = top;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const next = lines[index + 1];
    if (line.half && next?.half) {
      drawBox(page, fonts, { x: LEFT, top: at, width: WIDTH / 2, height: LINE_HEIGHT, label: line.label, lines: [line.value] });
      drawBox(page, fonts, { x: LEFT + WIDTH / 2, top: at, width: WIDTH / 2, height: LINE_HEIGHT, label: next.label, lines: [next.value] });
      index += 1;
    } else {
      drawBox(page, fonts, { x: LEFT, top: at, width: WIDTH, height: LINE_HEIGHT, label: line.label, lines: [line.value] });
    }
    at += LINE_HEIGHT;
  }
  return at;
}

function drawSignature(page: PDFPage, fonts: Fonts, evidence: SignatureEvidence, top: number): void {
  const date = evidence.signed_at.toISOString().slice(0, 10);
  drawBox(page, fonts, {
    x: LEFT,
    top,
    width: WIDTH * 0.7,
    height: 34,
    label: 'Sign Here  Signature of U.S. person / beneficial owner',
    lines: [`/s/ ${evidence.signer_name}`],
  });
  drawBox(page, fonts, { x: LEFT + WIDTH * 0.7, top, width: WIDTH * 0.3, height: 34, label: 'Date', lines: [date] });
  drawParagraph(
    page,
    fonts.regular,
    `Signed electronically by typing the name above and certifying, on ${evidence.signed_at.toISOString()} from IP address ${evidence.ip_address} with ${evidence.user_agent}.`,
    { x: LEFT, top: top + 40, width: WIDTH, size: 7 },
  );
}

/** The signed form as a one-page PDF: the official form's lines and certification, then the e-signature. */
export async function renderSignedForm(body: TaxFormBody, evidence: SignatureEvidence): Promise<Uint8Array> {
  const layout = formLayout(body);
  const doc = await PDFDocument.create();
  doc.setTitle(`${layout.title} signed by ${evidence.signer_name}`);
  doc.setCreator('Crewpay');
  const fonts = await embedFonts(doc);
  const page = doc.addPage(LETTER);
  drawText(page, fonts.bold, layout.title, { x: LEFT, top: 36, size: 16 });
  let top = drawParagraph(page, fonts.regular, layout.subtitle, { x: LEFT, top: 58, width: WIDTH, size: 9 }) + 8;
  top = drawLines(page, fonts, layout.lines, top) + 14;
  drawText(page, fonts.bold, 'Certification', { x: LEFT, top, size: 10 });
  top += 16;
  for (const paragraph of layout.certification)
    top = drawParagraph(page, fonts.regular, paragraph, { x: LEFT, top, width: WIDTH, size: 7.5 }) + 3;
  drawSignature(page, fonts, evidence, top + 10);
  return doc.save();
}
