import { and, eq, sql, type SQL } from 'drizzle-orm';
import { createCreatorBody, creatorMessages, type BulkAnswer, type BulkIssue, type CreateCreatorBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insertStatement, insertTogether } from '../../db/insert-many.ts';
import { creators, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { findOrg } from '../orgs/index.ts';
import { findAccounts, planCreatorAccounts, retryOnAccountRace, type ExistingAccount } from './accounts.ts';
import type { CsvRow } from './csv.ts';
import { assertCanBulkAdd, lockOrg } from './plan.ts';
import { newCreatorValues } from './service.ts';

const VACUUM_AFTER_ROWS = 1000;
/** Rows written per statement: what is built at once (sealed numbers, email texts, parameters). */
const CHUNK_ROWS = 1000;

type ValidRow = { line: number; body: CreateCreatorBody };

/** Checks every row on its own: the add-creator rules, then duplicates within the file. */
function checkRows(rows: CsvRow[]): { valid: ValidRow[]; issues: BulkIssue[] } {
  const valid: ValidRow[] = [];
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

/** The emails of the file this organisation already has as creators (one read for the whole file). */
async function takenEmails(tx: DbOrTx, orgId: string, emails: string[]): Promise<Set<string>> {
  const taken = await tx
    .select({ email: creators.email })
    .from(creators)
    .where(and(eq(creators.org_id, orgId), sql`${creators.email} = ANY(${sql.param(emails)}::text[])`));
  return new Set(taken.map((row) => row.email));
}

/** One chunk's users, links, emails and creators as one statement, and its queued email ids. */
function chunkStatement(
  deps: AppDeps,
  options: { org: Org; rows: ValidRow[]; existing: Map<string, ExistingAccount> },
): { statement: SQL[]; emailIds: string[] } {
  const people = options.rows.map((row) => row.body);
  const accounts = planCreatorAccounts(deps, { org: options.org, people, existing: options.existing });
  const values = people.map((body) =>
    newCreatorValues(deps, { org_id: options.org.id, user_id: accounts.userIds.get(body.email) ?? null, body }),
  );
  const statements = [...accounts.statements, insertStatement(creators, values)];
  return { statement: statements.filter((statement): statement is SQL => statement !== null), emailIds: accounts.emailIds };
}

/**
 * Writes the rows chunk by chunk, each chunk ONE statement, and builds the next chunk (sealing
 * bank numbers, email texts: CPU work in Node) while PostgreSQL writes the previous one. At most
 * two chunks' rows exist at once, whatever the file's length. Answers the queued email ids.
 */
async function writeInChunks(
  tx: DbOrTx,
  deps: AppDeps,
  options: { org: Org; rows: ValidRow[]; existing: Map<string, ExistingAccount> },
): Promise<string[]> {
  const emailIds: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < options.rows.length; start += CHUNK_ROWS) {
    const chunk = chunkStatement(deps, { ...options, rows: options.rows.slice(start, start + CHUNK_ROWS) });
    await writing;
    writing = insertTogether(tx, chunk.statement);
    // Handled below; this keeps a failure from being reported as unhandled while the next chunk is built.
    writing.catch(() => undefined);
    emailIds.push(...chunk.emailIds);
    // Lets the statement leave for PostgreSQL before the next chunk's synchronous work begins.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await writing;
  return emailIds;
}

/** One attempt of the import: the transaction that checks the file against the organisation and writes it. */
async function importRows(
  deps: AppDeps,
  options: { org_id: string; valid: ValidRow[] },
): Promise<{ added: number; emailIds: string[]; duplicates: BulkIssue[] }> {
  const { valid } = options;
  return deps.db.transaction(async (tx) => {
    // Two uploads of one file wait for each other here: the second finds the first's creators.
    const org = await lockOrg(tx, options.org_id);
    assertCanBulkAdd(org);
    const existing = await takenEmails(
      tx,
      org.id,
      valid.map((row) => row.body.email),
    );
    const duplicates: BulkIssue[] = valid
      .filter((row) => existing.has(row.body.email))
      .map((row) => ({ line: row.line, email: row.body.email, message: creatorMessages.duplicate }));
    const fresh = valid.filter((row) => !existing.has(row.body.email));
    if (fresh.length === 0) return { added: 0, emailIds: [], duplicates };
    const accounts = await findAccounts(
      tx,
      fresh.map((row) => row.body.email),
    );
    const emailIds = await writeInChunks(tx, deps, { org, rows: fresh, existing: accounts });
    return { added: fresh.length, emailIds, duplicates };
  });
}

/**
 * Adds the valid rows of a creators file in one transaction (all of them or, on any failure,
 * none) and lists the rows it left out and why. Set-based: the existing emails and accounts in
 * one read each, then one statement per 1,000 rows for the users, invitation links, emails and
 * creators together. Needs the standard plan and billing in good standing.
 */
export async function bulkCreateCreators(deps: AppDeps, options: { org_id: string; rows: CsvRow[] }): Promise<BulkAnswer> {
  assertCanBulkAdd(await findOrg(deps.db, options.org_id));
  const { valid, issues } = checkRows(options.rows);
  const { added, emailIds, duplicates } = await retryOnAccountRace(() => importRows(deps, { org_id: options.org_id, valid }));
  await sendQueuedEmails(deps.jobs, emailIds);
  // A large import changes the table's shape at once: fresh statistics keep the list on its
  // indexes, and a vacuum marks the new pages all-visible, so the list's page ids and its total
  // come off the indexes alone (the first page over 10,000 creators: 5.2 -> 2.6 ms). Taken after
  // the answer is on its way: the importer need not wait for it.
  if (added >= VACUUM_AFTER_ROWS) void deps.db.execute(sql`VACUUM (ANALYZE, SKIP_LOCKED) creators`).catch(() => undefined);
  return { added, issues: [...issues, ...duplicates].sort((a, b) => a.line - b.line) };
}

export function assertRowCount(rows: unknown[]): void {
  if (rows.length === 0) throw new AppError('validation_error', 'The file has no creators', { field: 'file' });
}
