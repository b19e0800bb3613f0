/** A start failure whose message already tells the person what to do. */
export class StartError extends Error {}

/** One readable sentence for any start failure: never `undefined`, never a bare stack. */
export function describeStartFailure(error: unknown): string {
  if (error instanceof StartError) return `Crewpay could not start. ${error.message}`;
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED')
    return 'Crewpay could not start: the database refused the connection. Check DATABASE_URL, or leave it unset to use the embedded PostgreSQL.';
  if (code === '28P01') return 'Crewpay could not start: the database rejected the user name or password in DATABASE_URL.';
  const detail = error instanceof Error ? error.message : error === undefined ? '' : String(error);
  return `Crewpay could not start${detail ? `: ${detail.trim().split('\n').slice(0, 12).join('\n')}\n` : ' for a reason the failing part did not say.'} Run again with LOG_LEVEL=debug, and see docs/operations.md (Troubleshooting).`;
}
