import { and, eq, sql } from 'drizzle-orm';
import { createCreatorBody, creatorMessages, type BulkAnswer, type BulkIssue, type CreateCreatorBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { insertMany } from '../../db/insert-many.ts';
import { creators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { findOrg } from '../orgs/index.ts';
import { ensureCreatorAccounts } from './accounts.ts';
import type { CsvRow } from './csv.ts';
import { assertCanBulkAdd, lockOrg } from './plan.ts';
import { newCreatorValues } from './service.ts';

const ANALYZE_AFTER_ROWS = 1000;

/** Checks every row on its own: the add-creator rules, then duplicates within the file. */
function checkRows(rows: CsvRow[]): { valid: { line: number; body: CreateCreatorBody }[]; issues: BulkIssue[] } {
  const valid: { line: number; body: CreateCreatorBody }[] = [];
  const issues: BulkIssue[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, values } of rows) {
    const rawEmail = values.email?.trim() ?? '';
    if (!rawEmail) {
      issues.push({ line, email: null, message: creatorMessages.missingEmail });
      continue;
    }
    const result = createCreatorBody.safeParse({ ...values, entity_type: values.entity_type?.toLowerCase() || undefined });
    if (!result.success) {
      const issue = result.error.issues[0]!;
      issues.push({ line, email: rawEmail, message: `${issue.path.join('.') || 'row'}: ${issue.message}` });
      continue;
    }
    const seenOn = firstLine.get(result.data.email);
    if (seenOn !== undefined) {
      issues.push({ line, email: result.data.email, message: `Duplicate of line ${seenOn} in this file` });
      continue;
    }
    firstLine.set(result.data.email, line);
    valid.push({ line, body: result.data });
  }
  return { valid, issues };
}

/**
 * Adds the valid rows of a creators file in one transaction (all of them or, on any failure,
 * none) and lists the rows it left out and why. Set-based: a handful of statements whatever the
 * file's length (the existing emails in one read, each table's rows in one unnest insert). Needs the standard plan and billing in good standing.
 */
export async function bulkCreateCreators(deps: AppDeps, options: { org_id: string; rows: CsvRow[] }): Promise<BulkAnswer> {
  assertCanBulkAdd(await findOrg(deps.db, options.org_id));
  const { valid, issues } = checkRows(options.rows);

  const { added, emailIds, duplicates } = await deps.db.transaction(async (tx) => {
    const org = await lockOrg(tx, options.org_id);
    assertCanBulkAdd(org);
    // One statement for the whole file: the emails go as one array parameter.
    const taken = await tx
      .select({ email: creators.email })
      .from(creators)
      .where(and(eq(creators.org_id, org.id), sql`${creators.email} = ANY(${sql.param(valid.map((row) => row.body.email))}::text[])`));
    const existing = new Set(taken.map((row) => row.email));
    const duplicates: BulkIssue[] = valid
      .filter((row) => existing.has(row.body.email))
      .map((row) => ({ line: row.line, email: row.body.email, message: creatorMessages.duplicate }));
    const fresh = valid.filter((row) => !existing.has(row.body.email));
    if (fresh.length === 0) return { added: 0, emailIds: [], duplicates };

    const { userIds, emailIds } = await ensureCreatorAccounts(tx, deps, { org, people: fresh.map((row) => row.body) });
    await insertMany(
      tx,
      creators,
      fresh.map((row) => newCreatorValues(deps, { org_id: org.id, user_id: userIds.get(row.body.email) ?? null, body: row.body })),
    );
    return { added: fresh.length, emailIds, duplicates };
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  // A large import changes the table's shape at once; fresh statistics keep the list on its
  // indexes. Taken after the answer is on its way: the importer need not wait for them.
  if (added >= ANALYZE_AFTER_ROWS) void deps.db.execute(sql`ANALYZE creators`).catch(() => undefined);
  return { added, issues: [...issues, ...duplicates].sort((a, b) => a.line - b.line) };
}

export function assertRowCount(rows: unknown[]): void {
  if (rows.length === 0) throw new AppError('validation_error', 'The file has no creators', { field: 'file' });
}
