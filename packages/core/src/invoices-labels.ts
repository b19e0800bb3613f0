// Invoice tabs and wording that the browser's lists show, apart from the request and answer
// schemas: the invoices list does not download zod with them. invoices.ts re-exports this file,
// so every import of them stays as it was.

export const invoiceTabs = ['open', 'paid', 'canceled', 'all'] as const;
export type InvoiceTab = (typeof invoiceTabs)[number];

/** "Due upon invoice" for net 0, otherwise "Net {n}". */
export const describeNet = (net: number): string => (net === 0 ? 'Due upon invoice' : `Net ${net}`);
