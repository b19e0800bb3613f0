import { formatCents, searchKindLabels, type SearchResult } from '@crewpay/core';

/** One choice of the palette: every choice opens a page (an action opens its form's page). */
export type PaletteItem = { key: string; group: string; label: string; detail: string; path: string };
export type PalettePage = { label: string; to: string };

/** The actions the palette runs; New Creator opens the creators list with its dialog. */
const paletteActions: PaletteItem[] = [
  { key: 'action-payment', group: 'Actions', label: 'New Payment', detail: '', path: '/payments/newPayment' },
  { key: 'action-invoice', group: 'Actions', label: 'New Invoice', detail: '', path: '/invoices/newInvoice' },
  { key: 'action-creator', group: 'Actions', label: 'New Creator', detail: '', path: '/creators?new=creator' },
  { key: 'action-campaign', group: 'Actions', label: 'New Campaign', detail: '', path: '/campaigns/new' },
  { key: 'action-contract', group: 'Actions', label: 'New Contract', detail: '', path: '/contracts/new' },
];

/** What the palette lists for `query`: the server's finds first, then the actions and pages whose name matches. */
export function paletteItems(options: { query: string; pages: PalettePage[]; results: SearchResult[] }): PaletteItem[] {
  const needle = options.query.trim().toLowerCase();
  const matches = (label: string) => label.toLowerCase().includes(needle);
  const found = options.results.map((result) => ({
    key: `${result.kind}-${result.id}`,
    group: searchKindLabels[result.kind],
    label: result.label || result.detail,
    detail: [result.amount === null ? null : formatCents(result.amount), result.detail].filter(Boolean).join(' · '),
    path: result.path,
  }));
  const pages = options.pages.map((page) => ({ key: `page-${page.to}`, group: 'Go to', label: page.label, detail: '', path: page.to }));
  return [...found, ...paletteActions.filter((item) => matches(item.label)), ...pages.filter((item) => matches(item.label))];
}

/** The items grouped in the order they come, for the listbox's labelled groups. */
export function groupItems(items: PaletteItem[]): { group: string; items: { item: PaletteItem; index: number }[] }[] {
  const groups: { group: string; items: { item: PaletteItem; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const last = groups.at(-1);
    if (last?.group === item.group) last.items.push({ item, index });
    else groups.push({ group: item.group, items: [{ item, index }] });
  });
  return groups;
}
