import type { PDFPage } from 'pdf-lib';
import { formatBoxAmount } from '@crewpay/core';
import { drawBox, drawParagraph, drawText, type Fonts } from './layout.ts';
import type { TaxForm } from './types.ts';

const LEFT = 36;

/** +14155550199 -> (415) 555-0199, as the activation form shows it. */
const formatPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '').slice(-10);
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
};
const TOP = 48;

/**
 * Form 1099-NEC, Copy B (For Recipient), laid out like the IRS form (Rev. January 2024): payer and
 * recipient on the left, numbered boxes in the middle, the form's name and copy on the right.
 */
export function draw1099Nec(page: PDFPage, fonts: Fonts, form: TaxForm): void {
  const left = 270;
  const mid = 130;
  const right = 540 - left - mid;
  const x2 = LEFT + left;
  const x3 = x2 + mid;
  drawText(page, form.corrected ? fonts.bold : fonts.regular, `CORRECTED (if checked)  [${form.corrected ? 'X' : ' '}]`, {
    x: LEFT,
    top: TOP - 14,
    size: 7,
  });
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP,
    width: left,
    height: 84,
    label: "PAYER'S name, street address, city or town, state or province, country, ZIP\nor foreign postal code, and telephone no.",
    lines: [form.payer.name, ...form.payer.address_lines, formatPhone(form.payer.phone ?? '')],
  });
  drawBox(page, fonts, { x: LEFT, top: TOP + 84, width: left / 2, height: 30, label: "PAYER'S TIN", lines: [form.payer.tin] });
  drawBox(page, fonts, {
    x: LEFT + left / 2,
    top: TOP + 84,
    width: left / 2,
    height: 30,
    label: "RECIPIENT'S TIN",
    lines: [form.recipient.tin],
  });
  drawBox(page, fonts, { x: LEFT, top: TOP + 114, width: left, height: 30, label: "RECIPIENT'S name", lines: [form.recipient.name] });
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP + 144,
    width: left,
    height: 30,
    label: 'Street address (including apt. no.)',
    lines: [form.recipient.address_lines[0] ?? ''],
  });
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP + 174,
    width: left,
    height: 30,
    label: 'City or town, state or province, country, and ZIP or foreign postal code',
    lines: [form.recipient.address_lines.slice(1).join(' ')],
  });
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP + 204,
    width: left,
    height: 30,
    label: 'Account number (see instructions)',
    lines: [form.recipient.account],
  });

  drawBox(page, fonts, { x: x2, top: TOP, width: mid, height: 50, label: '', shaded: true });
  drawText(page, fonts.regular, 'OMB No. 1545-0116', { x: x2 + 6, top: TOP + 6, size: 7 });
  drawText(page, fonts.bold, 'Form 1099-NEC', { x: x2 + 6, top: TOP + 18, size: 11 });
  drawText(page, fonts.regular, '(Rev. January 2024)', { x: x2 + 6, top: TOP + 32, size: 7 });
  drawBox(page, fonts, { x: x2, top: TOP + 50, width: mid, height: 34, label: 'For calendar year', lines: [String(form.year)] });
  drawBox(page, fonts, {
    x: x2,
    top: TOP + 84,
    width: mid,
    height: 44,
    label: '1 Nonemployee compensation',
    amount: formatBoxAmount(form.compensation),
  });
  drawBox(page, fonts, {
    x: x2,
    top: TOP + 128,
    width: mid,
    height: 46,
    label: '2 Payer made direct sales totaling\n$5,000 or more of consumer products\nto recipient for resale   [ ]',
  });
  drawBox(page, fonts, { x: x2, top: TOP + 174, width: mid, height: 30, label: '3', shaded: true });
  drawBox(page, fonts, {
    x: x2,
    top: TOP + 204,
    width: mid,
    height: 30,
    label: '4 Federal income tax withheld',
    amount: formatBoxAmount(form.federal_withheld),
  });

  drawBox(page, fonts, { x: x3, top: TOP, width: right, height: 84, label: '' });
  drawText(page, fonts.bold, 'Nonemployee', { x: x3 + 8, top: TOP + 14, size: 14 });
  drawText(page, fonts.bold, 'Compensation', { x: x3 + 8, top: TOP + 32, size: 14 });
  drawBox(page, fonts, { x: x3, top: TOP + 84, width: right, height: 150, label: '' });
  drawText(page, fonts.bold, 'Copy B', { x: x3 + 8, top: TOP + 92, size: 11 });
  drawText(page, fonts.bold, 'For Recipient', { x: x3 + 8, top: TOP + 106, size: 9 });
  drawParagraph(
    page,
    fonts.regular,
    'This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.',
    { x: x3 + 8, top: TOP + 124, width: right - 14, size: 6 },
  );
  drawStateLine(page, fonts, form);
  drawText(page, fonts.regular, 'Form 1099-NEC (Rev. 1-2024)', { x: LEFT, top: TOP + 270, size: 7 });
  drawText(page, fonts.regular, '(keep for your records)', { x: LEFT + 200, top: TOP + 270, size: 7 });
  drawText(page, fonts.regular, 'www.irs.gov/Form1099NEC', { x: LEFT + 330, top: TOP + 270, size: 7 });
  drawText(page, fonts.regular, 'Department of the Treasury - Internal Revenue Service', { x: LEFT + 330, top: TOP + 280, size: 7 });
  drawInstructions(page, fonts);
}

/**
 * Boxes 5-7, the state line across the form's foot: filled only where a state tax was withheld
 * (the state copy), naming the recipient's state and the payer's number there.
 */
function drawStateLine(page: PDFPage, fonts: Fonts, form: TaxForm): void {
  const withheld = form.state_withheld > 0;
  const top = TOP + 234;
  const third = 540 / 3;
  const stateNumber = [form.recipient_state, form.payer.state_number].filter(Boolean).join(' / ');
  drawBox(page, fonts, {
    x: LEFT,
    top,
    width: third,
    height: 30,
    label: '5 State tax withheld',
    ...(withheld ? { amount: formatBoxAmount(form.state_withheld) } : {}),
  });
  drawBox(page, fonts, {
    x: LEFT + third,
    top,
    width: third,
    height: 30,
    label: "6 State/Payer's state no.",
    lines: withheld ? [stateNumber] : [],
  });
  drawBox(page, fonts, {
    x: LEFT + 2 * third,
    top,
    width: third,
    height: 30,
    label: '7 State income',
    ...(withheld ? { amount: formatBoxAmount(form.compensation) } : {}),
  });
}

function drawInstructions(page: PDFPage, fonts: Fonts): void {
  let top = TOP + 320;
  drawText(page, fonts.bold, 'Instructions for Recipient', { x: LEFT, top, size: 10 });
  top += 18;
  const paragraphs = [
    "Recipient's taxpayer identification number (TIN). For your protection, this form shows only the last four digits of your TIN (social security number (SSN), individual taxpayer identification number (ITIN), adoption taxpayer identification number (ATIN), or employer identification number (EIN)). However, the payer has reported your complete TIN to the IRS.",
    'Box 1. Shows nonemployee compensation: the payments posted to you during the calendar year, less payments returned during the year. If you are in a trade or business, report this amount on Schedule C or F (Form 1040) and on Schedule SE (Form 1040).',
    'Box 4. Shows backup withholding. A payer must backup withhold on certain payments if you did not give your TIN to the payer.',
    'Boxes 5-7. State income tax withheld reporting boxes.',
  ];
  for (const paragraph of paragraphs) top = drawParagraph(page, fonts.regular, paragraph, { x: LEFT, top, width: 540, size: 8 }) + 6;
}
