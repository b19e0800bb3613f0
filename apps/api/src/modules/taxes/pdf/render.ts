import { PDFDocument } from 'pdf-lib';
import { draw1099Nec } from './form-1099-nec.ts';
import { drawW2 } from './form-w2.ts';
import { embedFonts } from './layout.ts';
import type { TaxForm } from './types.ts';

const LETTER: [number, number] = [612, 792];

/** One PDF holding each form on its own Letter page, in the order given. */
export async function renderTaxForms(forms: readonly TaxForm[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Crewpay');
  doc.setCreator('Crewpay');
  const fonts = await embedFonts(doc);
  for (const form of forms) {
    const page = doc.addPage(LETTER);
    if (form.kind === 'W-2') drawW2(page, fonts, form);
    else draw1099Nec(page, fonts, form);
  }
  return doc.save();
}
