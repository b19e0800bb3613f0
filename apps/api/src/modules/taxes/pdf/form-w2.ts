import type { PDFPage } from 'pdf-lib';
import { formatBoxAmount } from '@crewpay/core';
import { drawBox, drawParagraph, drawText, type Fonts } from './layout.ts';
import type { TaxForm } from './types.ts';

const LEFT = 36;
const TOP = 48;
const HALF = 270;

/**
 * Form W-2 Wage and Tax Statement, Copy B/C layout: identification boxes a-f on the left, the
 * numbered money boxes on the right, the state line at the bottom. Crewpay withholds federal and
 * state income tax only, so boxes 3-6 (social security and Medicare) stay empty and say so.
 */
export function drawW2(page: PDFPage, fonts: Fonts, form: TaxForm): void {
  const x2 = LEFT + HALF;
  const amount = (cents: number) => formatBoxAmount(cents);
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP,
    width: HALF,
    height: 28,
    label: "a Employee's social security number",
    lines: [form.recipient.tin],
  });
  drawBox(page, fonts, { x: x2, top: TOP, width: HALF, height: 28, label: 'OMB No. 1545-0008', shaded: true });
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP + 28,
    width: HALF,
    height: 28,
    label: 'b Employer identification number (EIN)',
    lines: [form.payer.tin],
  });
  drawBox(page, fonts, {
    x: x2,
    top: TOP + 28,
    width: HALF / 2,
    height: 28,
    label: '1 Wages, tips, other compensation',
    amount: amount(form.compensation),
  });
  drawBox(page, fonts, {
    x: x2 + HALF / 2,
    top: TOP + 28,
    width: HALF / 2,
    height: 28,
    label: '2 Federal income tax withheld',
    amount: amount(form.federal_withheld),
  });
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP + 56,
    width: HALF,
    height: 84,
    label: "c Employer's name, address, and ZIP code",
    lines: [form.payer.name, ...form.payer.address_lines],
  });
  drawBox(page, fonts, { x: x2, top: TOP + 56, width: HALF / 2, height: 28, label: '3 Social security wages' });
  drawBox(page, fonts, { x: x2 + HALF / 2, top: TOP + 56, width: HALF / 2, height: 28, label: '4 Social security tax withheld' });
  drawBox(page, fonts, { x: x2, top: TOP + 84, width: HALF / 2, height: 28, label: '5 Medicare wages and tips' });
  drawBox(page, fonts, { x: x2 + HALF / 2, top: TOP + 84, width: HALF / 2, height: 28, label: '6 Medicare tax withheld' });
  drawBox(page, fonts, { x: x2, top: TOP + 112, width: HALF / 2, height: 28, label: '7 Social security tips' });
  drawBox(page, fonts, { x: x2 + HALF / 2, top: TOP + 112, width: HALF / 2, height: 28, label: '8 Allocated tips' });
  drawBox(page, fonts, { x: LEFT, top: TOP + 140, width: HALF, height: 28, label: 'd Control number', lines: [form.recipient.account] });
  drawBox(page, fonts, { x: x2, top: TOP + 140, width: HALF / 2, height: 28, label: '9', shaded: true });
  drawBox(page, fonts, { x: x2 + HALF / 2, top: TOP + 140, width: HALF / 2, height: 28, label: '10 Dependent care benefits' });
  drawBox(page, fonts, {
    x: LEFT,
    top: TOP + 168,
    width: HALF,
    height: 84,
    label: "e Employee's first name and initial    Last name\nf Employee's address and ZIP code",
    lines: [form.recipient.name, ...form.recipient.address_lines],
  });
  drawBox(page, fonts, { x: x2, top: TOP + 168, width: HALF / 2, height: 28, label: '11 Nonqualified plans' });
  drawBox(page, fonts, { x: x2 + HALF / 2, top: TOP + 168, width: HALF / 2, height: 28, label: '12a See instructions for box 12' });
  drawBox(page, fonts, {
    x: x2,
    top: TOP + 196,
    width: HALF / 2,
    height: 56,
    label: '13 Statutory employee  Retirement plan\n     Third-party sick pay',
  });
  drawBox(page, fonts, { x: x2 + HALF / 2, top: TOP + 196, width: HALF / 2, height: 56, label: '14 Other' });

  const stateTop = TOP + 252;
  const widths = [40, 130, 90, 90, 95, 95];
  const labels = [
    '15 State',
    "Employer's state ID number",
    '16 State wages, tips, etc.',
    '17 State income tax',
    '18 Local wages, tips, etc.',
    '19 Local income tax',
  ];
  let x = LEFT;
  widths.forEach((width, index) => {
    const spec = { x, top: stateTop, width, height: 32, label: labels[index]! };
    if (index === 0) drawBox(page, fonts, { ...spec, lines: [form.recipient_state] });
    else if (index === 2) drawBox(page, fonts, { ...spec, amount: amount(form.compensation) });
    else if (index === 3) drawBox(page, fonts, { ...spec, amount: amount(form.state_withheld) });
    else drawBox(page, fonts, spec);
    x += width;
  });

  drawText(page, fonts.bold, 'Form W-2  Wage and Tax Statement', { x: LEFT, top: stateTop + 42, size: 13 });
  drawText(page, fonts.bold, String(form.year), { x: LEFT + 250, top: stateTop + 40, size: 18 });
  drawText(page, fonts.regular, 'Department of the Treasury - Internal Revenue Service', { x: LEFT + 330, top: stateTop + 42, size: 7 });
  drawText(page, fonts.bold, "Copy B - To Be Filed With Employee's FEDERAL Tax Return.", { x: LEFT, top: stateTop + 64, size: 8 });
  drawText(page, fonts.regular, 'This information is being furnished to the Internal Revenue Service.', {
    x: LEFT,
    top: stateTop + 76,
    size: 7.5,
  });
  drawParagraph(
    page,
    fonts.regular,
    "Wage summary from Crewpay: box 1 and box 16 are the wages posted to you in the calendar year, gross of withholding and less payments returned in the year; boxes 2 and 17 are the federal and state income tax withheld from them. Social security and Medicare (boxes 3-6) are not withheld through Crewpay payments: see your employer's payroll records. For your protection, only the last four digits of your SSN are shown.",
    { x: LEFT, top: stateTop + 96, width: 540, size: 8 },
  );
}
