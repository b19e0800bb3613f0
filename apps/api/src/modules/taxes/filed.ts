import { and, desc, eq, sql } from 'drizzle-orm';
import { summarizeTaxYear, type TaxFiledFigures } from '@crewpay/core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { taxFilings, type TaxFiling } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { postedPaymentsOf } from './queries.ts';
import { loadTaxRecipients, type TaxRecipient } from './recipients.ts';

/** A 1099 reports no negative figure: a year whose returns outweigh its payments files zero. */
export const figuresOf = (figures: TaxFiledFigures): TaxFiledFigures => ({
  compensation: Math.max(0, figures.compensation),
  federal_withheld: Math.max(0, figures.federal_withheld),
  state_withheld: Math.max(0, figures.state_withheld),
});

const sameFigures = (a: TaxFiledFigures, b: TaxFiledFigures) =>
  a.compensation === b.compensation && a.federal_withheld === b.federal_withheld && a.state_withheld === b.state_withheld;

/** Each recipient's latest filing of the year (what the IRS has now), optionally of one kind only. */
export async function latestFilings(db: DbOrTx, orgId: string, year: number, kind?: TaxFiling['kind']): Promise<Map<string, TaxFiling>> {
  const rows = await db
    .selectDistinctOn([taxFilings.recipient])
    .from(taxFilings)
    .where(and(eq(taxFilings.org_id, orgId), eq(taxFilings.year, year), kind ? eq(taxFilings.kind, kind) : sql`true`))
    .orderBy(taxFilings.recipient, desc(taxFilings.filed_at), desc(taxFilings.id));
  return new Map(rows.map((row) => [row.recipient, row]));
}

export async function recordFilings(
  db: DbOrTx,
  options: { org_id: string; year: number; kind: TaxFiling['kind']; filed: { recipient: string; figures: TaxFiledFigures }[] },
): Promise<void> {
  if (options.filed.length === 0) return;
  await db.insert(taxFilings).values(
    options.filed.map(({ recipient, figures }) => ({
      id: newId(),
      org_id: options.org_id,
      year: options.year,
      recipient,
      kind: options.kind,
      ...figuresOf(figures),
    })),
  );
}

export type FiledRecipient = { recipient: TaxRecipient; filed: TaxFiling; current: TaxFiledFigures };

/** Everyone filed for the year, with their figures now (after returns and changes since). */
export async function filedRecipients(db: Db, orgId: string, year: number): Promise<FiledRecipient[]> {
  const filed = await latestFilings(db, orgId, year);
  const ids = [...filed.keys()];
  if (ids.length === 0) return [];
  const recipients = await loadTaxRecipients(db, orgId, ids);
  const payments = await postedPaymentsOf(db, orgId, ids);
  return recipients.map((recipient) => ({
    recipient,
    filed: filed.get(recipient.id)!,
    current: figuresOf(summarizeTaxYear(payments.get(recipient.id) ?? [], year)),
  }));
}

/** The filed recipients whose 1099-NEC differs now: each needs a CORRECTED form and a 'G' record. */
export const pendingCorrections = (filed: FiledRecipient[]) => filed.filter((entry) => !sameFigures(figuresOf(entry.filed), entry.current));
