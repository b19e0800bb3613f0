/**
 * The certifications of the IRS forms, word for word (W-9 Rev. March 2024, W-8BEN Rev. October
 * 2021, W-8BEN-E Rev. October 2021). The payee page shows them before the signature and the
 * signed PDF prints them, so what was signed is what the IRS wrote.
 */

export const w9Certification = [
  'Under penalties of perjury, I certify that:',
  '1. The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and',
  '2. I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and',
  '3. I am a U.S. citizen or other U.S. person (defined below); and',
  '4. The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
  'Certification instructions. You must cross out item 2 above if you have been notified by the IRS that you are currently subject to backup withholding because you have failed to report all interest and dividends on your tax return. For real estate transactions, item 2 does not apply. For mortgage interest paid, acquisition or abandonment of secured property, cancellation of debt, contributions to an individual retirement arrangement (IRA), and, generally, payments other than interest and dividends, you are not required to sign the certification, but you must provide your correct TIN.',
] as const;

export const w8benCertification = [
  'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that:',
  '- I am the individual that is the beneficial owner (or am authorized to sign for the individual that is the beneficial owner) of all the income or proceeds to which this form relates or am using this form to document myself for chapter 4 purposes;',
  '- The person named on line 1 of this form is not a U.S. person;',
  "- This form relates to: (a) income not effectively connected with the conduct of a trade or business in the United States; (b) income effectively connected with the conduct of a trade or business in the United States but is not subject to tax under an applicable income tax treaty; (c) the partner's share of a partnership's effectively connected taxable income; or (d) the partner's amount realized from the transfer of a partnership interest subject to withholding under section 1446(f);",
  '- The person named on line 1 of this form is a resident of the treaty country listed on line 9 of the form (if any) within the meaning of the income tax treaty between the United States and that country; and',
  '- For broker transactions or barter exchanges, the beneficial owner is an exempt foreign person as defined in the instructions.',
  'Furthermore, I authorize this form to be provided to any withholding agent that has control, receipt, or custody of the income of which I am the beneficial owner or any withholding agent that can disburse or make payments of the income of which I am the beneficial owner. I agree that I will submit a new form within 30 days if any certification made on this form becomes incorrect.',
] as const;

export const w8beneCertification = [
  'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that:',
  '- The entity identified on line 1 of this form is the beneficial owner of all the income or proceeds to which this form relates, is using this form to certify its status for chapter 4 purposes, or is submitting this form for purposes of section 6050W or 6050Y;',
  '- The entity identified on line 1 of this form is not a U.S. person;',
  "- This form relates to: (a) income not effectively connected with the conduct of a trade or business in the United States, (b) income effectively connected with the conduct of a trade or business in the United States but is not subject to tax under an income tax treaty, (c) the partner's share of a partnership's effectively connected taxable income, or (d) the partner's amount realized from the transfer of a partnership interest subject to withholding under section 1446(f); and",
  '- For broker transactions or barter exchanges, the beneficial owner is an exempt foreign person as defined in the instructions.',
  'Furthermore, I authorize this form to be provided to any withholding agent that has control, receipt, or custody of the income of which the entity on line 1 is the beneficial owner or any withholding agent that can disburse or make payments of the income of which the entity on line 1 is the beneficial owner.',
  'I agree that I will submit a new form within 30 days if any certification on this form becomes incorrect.',
  'I certify that I have the capacity to sign for the entity identified on line 1 of this form.',
] as const;
