/**
 * What may be logged of an error. A failed query's error carries the SQL's parameters (emails,
 * names, memos) in its message, and PostgreSQL's own text and detail quote the offending values
 * ('Key (email)=(...) already exists'), so a database error is logged by its SQLSTATE code and
 * the statement's shape (verb and table), never its values.
 */
type LoggableError = { type: string; code?: string; query?: string; message?: string; stack?: string };

export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error };
  const query = (error as { query?: unknown }).query;
  const cause = (error as { cause?: unknown }).cause;
  const code = sqlState(error) ?? sqlState(cause);
  if (typeof query === 'string') return { type: 'query_failed', code, query: queryName(query), ...causeWithoutCode(cause, code) };
  if (code) return { type: 'database_error', code };
  return { type: error.name, message: error.message.split('\n')[0], stack: error.stack?.split('\n').slice(1, 6).join('\n') };
}

/** `insert into "payments"`: the statement's verb and first table, which say which query failed. */
export function queryName(sql: string): string {
  const match = /^\s*(with|select|insert\s+into|update|delete\s+from)\b[\s\S]*?(?:\b(?:from|into|update)\s+)?("?[a-z_][a-z0-9_]*"?)/i.exec(
    sql,
  );
  if (!match) return sql.trim().split(/\s+/)[0]?.toLowerCase() ?? 'query';
  const verb = (match[1] ?? '').toLowerCase().replace(/\s+/, ' ');
  const table = /\b(?:from|into|update)\s+("?[a-z_][a-z0-9_.]*"?)/i.exec(sql)?.[1];
  return table ? `${verb} ${verb.endsWith(table) ? '' : table}`.trim() : verb;
}

/**
 * A failed query whose cause is not PostgreSQL's (a pool checkout timeout, a dropped connection)
 * names that cause: its message is the driver's own and quotes no values. Without it such 500s
 * were logged as a bare "query_failed" and could not be explained.
 */
function causeWithoutCode(cause: unknown, code: string | undefined): { message?: string } {
  return !code && cause instanceof Error ? { message: cause.message.split('\n')[0] } : {};
}

function sqlState(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
