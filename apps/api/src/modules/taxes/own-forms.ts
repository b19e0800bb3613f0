import { and, desc, eq, sql } from 'drizzle-orm';
import type { PortalTaxDocument } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, taxDocumentRuns } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { planTaxForms, toTaxForm } from './documents.ts';
import { renderTaxForms } from './pdf/render.ts';
import { postedPaymentsOf } from './queries.ts';
import { loadTaxPayer, loadTaxRecipients } from './recipients.ts';

type CreatorRecord = { id: string; org_id: string };

const NOT_FOUND = 'Tax document not found';

/** A run's generated list holds this creator: the organisation issued them a form that year. */
const issuedTo = (creatorId: string) => sql`${taxDocumentRuns.generated} @> ${JSON.stringify([{ id: creatorId }])}::jsonb`;

/**
 * The forms organisations issued to these creator records (a generation that succeeded and made
 * one for them), newest year first, one per organisation and year: a creator sees a form only
 * once the payer has generated it, never one the organisation has not issued.
 */
export async function listIssuedTaxForms(db: DbOrTx, records: CreatorRecord[]): Promise<PortalTaxDocument[]> {
  const found = new Map<string, PortalTaxDocument>();
  for (const record of records) {
    const runs = await db
      .select({ year: taxDocumentRuns.year, generated: taxDocumentRuns.generated, org_name: orgs.name })
      .from(taxDocumentRuns)
      .innerJoin(orgs, eq(orgs.id, taxDocumentRuns.org_id))
      .where(and(eq(taxDocumentRuns.org_id, record.org_id), eq(taxDocumentRuns.status, 'succeeded'), issuedTo(record.id)))
      .orderBy(desc(taxDocumentRuns.created_at));
    for (const run of runs) {
      const outcome = run.generated.find((item) => item.id === record.id);
      const key = `${record.id}:${run.year}`;
      // The newest generation of a year is the one that counts (runs are read newest first).
      if (!outcome || found.has(key)) continue;
      found.set(key, {
        creator_id: record.id,
        org_name: run.org_name,
        year: run.year,
        form: outcome.form,
        compensation: outcome.compensation,
      });
    }
  }
  return [...found.values()].sort((a, b) => b.year - a.year || a.org_name.localeCompare(b.org_name));
}

/** The creator's own form of a year, rendered as the organisation's generation renders it; 404 unless it was issued. */
export async function renderOwnTaxForm(
  deps: { db: DbOrTx; secrets: SecretBox },
  options: { records: CreatorRecord[]; creator_id: string; year: number },
): Promise<{ pdf: Uint8Array; form: string }> {
  const record = options.records.find((item) => item.id === options.creator_id);
  if (!record) throw new AppError('not_found', NOT_FOUND);
  const [issued] = await deps.db
    .select({ id: taxDocumentRuns.id })
    .from(taxDocumentRuns)
    .where(
      and(
        eq(taxDocumentRuns.org_id, record.org_id),
        eq(taxDocumentRuns.year, options.year),
        eq(taxDocumentRuns.status, 'succeeded'),
        issuedTo(record.id),
      ),
    )
    .limit(1);
  if (!issued) throw new AppError('not_found', NOT_FOUND);
  const payer = await loadTaxPayer(deps.db, record.org_id);
  const recipients = await loadTaxRecipients(deps.db, record.org_id, [record.id]);
  const plan = planTaxForms(recipients, await postedPaymentsOf(deps.db, record.org_id, [record.id]), options.year);
  const planned = plan.generated[0];
  // Issued, but the details a form needs are gone since (a TIN removed): nothing to print.
  if (!planned) throw new AppError('not_found', NOT_FOUND);
  const form = toTaxForm(deps.secrets, payer, planned, options.year);
  return { pdf: await renderTaxForms([form], `${options.year} Form ${form.kind}`), form: form.kind };
}
