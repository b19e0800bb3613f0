// The taxes module as other modules see it.
export { taxPdfRoutes, taxRoutes } from './routes.ts';
export { taxFilingRoutes } from './filing-routes.ts';
export { GENERATE_TAX_DOCUMENTS_JOB, registerTaxJobs } from './runs.ts';
export { listIssuedTaxForms, renderOwnTaxForm } from './own-forms.ts';
