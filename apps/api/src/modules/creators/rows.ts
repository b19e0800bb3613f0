import { and, eq, sql } from 'drizzle-orm';
import { createCreatorBody, creatorMessages, type BulkIssue, type CreateCreatorBody } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators } from '../../db/schema/index.ts';
import type { CsvRow } from './csv.ts';

export type ValidRow = { line: number; body: CreateCreatorBody };

/**
 * A refused row: the field and message the add-creator form shows, the line of the file, and
 * whether a form rule refused it or the file itself (no email, a duplicate).
 */
export type RowIssue = { line: number; email: string | null; field: string | null; message: string; isRule: boolean };

/**
 * Checks every row on its own: the add-creator rules (the form's own schema, so the same
 * messages), then duplicates within the file.
 */
export function checkRows(rows: CsvRow[]): { valid: ValidRow[]; issues: RowIssue[] } {
  const valid: ValidRow[] = [];
  const issues: RowIssue[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, values } of rows) {
    const rawEmail = values.email?.trim() ?? '';
    if (!rawEmail) {
      issues.push({ line, email: null, field: 'email', message: creatorMessages.missingEmail, isRule: false });
      continue;
    }
    const result = createCreatorBody.safeParse({ ...values, entity_type: values.entity_type?.toLowerCase() || undefined });
    if (!result.success) {
      const issue = result.error.issues[0]!;
      issues.push({ line, email: rawEmail, field: issue.path.join('.') || null, message: issue.message, isRule: true });
      continue;
    }
    const seenOn = firstLine.get(result.data.email);
    if (seenOn !== undefined) {
      issues.push({ line, email: result.data.email, field: 'email', message: `Duplicate of line ${seenOn} in this file`, isRule: false });
      continue;
    }
    firstLine.set(result.data.email, line);
    valid.push({ line, body: result.data });
  }
  return { valid, issues };
}

/** The rows whose email this organisation already has as a creator, as issues. */
export function duplicateIssues(valid: ValidRow[], taken: Set<string>): RowIssue[] {
  return valid
    .filter((row) => taken.has(row.body.email))
    .map((row) => ({ line: row.line, email: row.body.email, field: 'email', message: creatorMessages.duplicate, isRule: false }));
}

/**
 * An issue as the bulk answer has always written it: a rule's message after its field
 * ("first_name: This field is required"); the file's own problems (no email, duplicates) alone.
 */
export function toBulkIssue(issue: RowIssue): BulkIssue {
  const message = issue.isRule ? `${issue.field ?? 'row'}: ${issue.message}` : issue.message;
  return { line: issue.line, email: issue.email, message };
}

/** The emails of the file this organisation already has as creators (one read for the whole file). */
export async function takenEmails(tx: DbOrTx, orgId: string, emails: string[]): Promise<Set<string>> {
  const taken = await tx
    .select({ email: creators.email })
    .from(creators)
    .where(and(eq(creators.org_id, orgId), sql`${creators.email} = ANY(${sql.param(emails)}::text[])`));
  return new Set(taken.map((row) => row.email));
}
