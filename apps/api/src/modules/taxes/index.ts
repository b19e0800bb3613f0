import type { ModuleDescriptor } from '../../events/kernel.ts';
import { GENERATE_TAX_DOCUMENTS_JOB, taxJobs } from './runs.ts';

// The taxes module as other modules see it.
export const taxesModule: ModuleDescriptor = { name: 'taxes', queues: [GENERATE_TAX_DOCUMENTS_JOB], jobs: taxJobs };
export { taxPdfRoutes, taxRoutes } from './routes.ts';
export { taxFilingRoutes } from './filing-routes.ts';
export { listIssuedTaxForms, renderOwnTaxForm } from './own-forms.ts';
// The form layout, for the signed W-9/W-8 PDFs of modules/tax-forms.
export { drawBox, drawParagraph, drawText, embedFonts, type Fonts } from './pdf/layout.ts';
