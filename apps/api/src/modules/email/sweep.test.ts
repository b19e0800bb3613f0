import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { emails } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { newEmailRows, resendStaleEmails, SEND_QUEUED_EMAILS_JOB } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** Emails written `secondsAgo` with no delivery job of their own (as a provider event writes them). */
async function queueWithoutJobs(count: number, secondsAgo: number): Promise<string[]> {
  const rows = newEmailRows(
    Array.from({ length: count }, (_, index) => ({ to: `sweep.${index}@example.com`, subject: 'Payment sent', paragraphs: ['Sent.'] })),
  );
  await ctx.deps.db
    .insert(emails)
    .values(rows.map((row) => ({ ...row, created_at: sql`now() - make_interval(secs => ${secondsAgo})` })) as never);
  return rows.map((row) => row.id);
}

const statuses = async (ids: string[]) =>
  (await ctx.deps.db.select({ status: emails.status }).from(emails).where(inArray(emails.id, ids))).reduce<Record<string, number>>(
    (counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }),
    {},
  );

describe('the minute sweep of queued emails (email.send_queued)', () => {
  it('sends the whole backlog in one sweep, not 500 a minute (a 10,000-payment execution queues thousands)', async () => {
    const backlog = await queueWithoutJobs(510, 60);
    await ctx.deps.jobs.send(SEND_QUEUED_EMAILS_JOB, {});
    expect(await statuses(backlog)).toEqual({ sent: 510 });
  });

  it('leaves an email written in the last ten seconds to its own job', async () => {
    const fresh = await queueWithoutJobs(3, 0);
    const old = await queueWithoutJobs(2, 30);
    await ctx.deps.jobs.send(SEND_QUEUED_EMAILS_JOB, {});
    expect(await statuses(fresh)).toEqual({ queued: 3 });
    expect(await statuses(old)).toEqual({ sent: 2 });
  });

  it('does not send jobs again each minute for emails whose jobs are still waiting in a backlog', async () => {
    const backlog = await queueWithoutJobs(3, 60);
    const sentIds: string[] = [];
    // The jobs only recorded, as when the workers are behind: the emails stay queued.
    const record = async (_name: string, items: object[]) => {
      for (const item of items)
        sentIds.push(...((item as { email_ids?: string[] }).email_ids ?? [(item as { email_id: string }).email_id]));
    };
    const behind = { ...ctx.deps.jobs, send: (name: string, data: object) => record(name, [data]), sendMany: record } as Jobs;
    await resendStaleEmails(ctx.deps.db, behind);
    await resendStaleEmails(ctx.deps.db, behind);
    expect(sentIds.filter((id) => backlog.includes(id)).sort()).toEqual([...backlog].sort());
    expect(await statuses(backlog)).toEqual({ queued: 3 });
  });
});
